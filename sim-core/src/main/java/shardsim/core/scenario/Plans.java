package shardsim.core.scenario;

/** The names of the built-in plans and modes every scenario shares. */
public final class Plans {
    /** The bug report's own timeline, scripted. */
    public static final String DOCUMENTED = "documented";
    /** Workload and faults drawn from the seed at fixed intensities. */
    public static final String RANDOM = "random";
    /** Like random, with the intensities themselves drawn from the seed (swarm testing). */
    public static final String SWARM = "swarm";

    public static final String BUGGY = "buggy";
    public static final String FIXED = "fixed";

    private Plans() {
    }

    /** Throws a one-line {@link IllegalArgumentException} unless {@code value} is one of {@code allowed}. */
    public static void require(String what, String value, java.util.List<String> allowed) {
        if (!allowed.contains(value)) {
            throw new IllegalArgumentException("unknown " + what + " '" + value + "' (expected one of " + String.join(", ", allowed) + ")");
        }
    }
}
