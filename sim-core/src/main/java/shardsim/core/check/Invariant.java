package shardsim.core.check;

/**
 * A named safety check. Cheap ones run after every event; expensive ones as end-of-run
 * validations.
 */
public interface Invariant {
    String name();

    /** Null when the invariant holds; otherwise what is wrong. */
    String check();

    /** The check of a declared invariant. */
    static Invariant of(Rule rule, java.util.function.Supplier<String> check) {
        return of(rule.name(), check);
    }

    static Invariant of(String name, java.util.function.Supplier<String> check) {
        return new Invariant() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String check() {
                return check.get();
            }
        };
    }
}
