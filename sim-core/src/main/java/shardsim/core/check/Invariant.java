package shardsim.core.check;

/**
 * A named safety check. Cheap ones run after every event; expensive ones as end-of-run
 * validations.
 */
public interface Invariant {
    /** The invariant's name, as violations carry it. */
    String name();

    /** Null when the invariant holds; otherwise what is wrong. */
    String check();

    /** The check of a declared invariant. */
    static Invariant of(Rule rule, java.util.function.Supplier<String> check) {
        return of(rule.name(), check);
    }

    /** An invariant named {@code name} whose {@code check} returns a problem in one line, or null while it holds. */
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
