package shardsim.core.check;

/**
 * An invariant as a scenario declares it, once: its name ({@code "D1"}) and what it means in one
 * sentence. Checks raise violations under the name, {@code sim list} and reports print both, and
 * {@code shrink --invariant} takes the name.
 *
 * @param name short and stable, as violations, plan files and the command line spell it
 * @param meaning one sentence: what must hold
 */
public record Rule(String name, String meaning) {
    public Rule {
        if (name == null || name.isBlank() || name.contains(":") || name.contains(" ")) {
            throw new IllegalArgumentException("an invariant's name is one word without a colon, got '" + name + "'");
        }
        if (meaning == null || meaning.isBlank()) {
            throw new IllegalArgumentException("invariant " + name + " needs a meaning");
        }
    }

    /** "NAME: meaning", the form lists print. */
    @Override
    public String toString() {
        return name + ": " + meaning;
    }
}
