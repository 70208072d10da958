package shardsim.core.scenario;

/** The names of the built-in plans and modes every scenario shares. */
public final class Plans {
    /** The bug report's own timeline, scripted. */
    public static final String DOCUMENTED = "documented";
    /** Workload and faults drawn from the seed at fixed intensities. */
    public static final String RANDOM = "random";
    /** Like random, with the intensities themselves drawn from the seed (swarm testing). */
    public static final String SWARM = "swarm";
    /** Like random, plus faults aimed into the risky windows the model announces (as BUGGIFY does). */
    public static final String TARGETED = "targeted";

    /** The mode every scenario has for the behaviour as reported. */
    public static final String BUGGY = "buggy";
    /** The mode every scenario has for the upstream fix. */
    public static final String FIXED = "fixed";

    private Plans() {}

    /** Refuses a built-in plan the scenario does not have; a custom plan (given as data) is always allowed. */
    public static void requirePlan(RunSpec spec, java.util.List<String> plans) {
        if (!spec.isCustom()) {
            require("plan", spec.plan(), plans);
        }
    }

    /** Throws a one-line {@link IllegalArgumentException} unless {@code value} is one of {@code allowed}. */
    public static void require(String what, String value, java.util.List<String> allowed) {
        if (!allowed.contains(value)) {
            throw new IllegalArgumentException(
                    "unknown " + what + " '" + value + "' (expected one of " + String.join(", ", allowed) + ")");
        }
    }
}
