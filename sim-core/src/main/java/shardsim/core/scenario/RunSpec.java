package shardsim.core.scenario;

import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;

/**
 * What to run: one scenario, mode, plan and seed. Everything else a run does follows from these.
 * Immutable. A custom plan is the one copy of its name ({@link CustomPlan#source()}) and of its
 * node modes ({@link CustomPlan#modes()}); only a built-in plan's spec holds node modes of its own.
 * Specs a user asks for are built and checked once by {@link RunRequest}; the command line that
 * reproduces one is the front end's to write.
 */
public final class RunSpec {
    private final String scenario;
    private final String mode;
    private final String builtInPlan;
    private final long seed;
    private final CustomPlan custom;
    private final SortedMap<String, String> builtInNodeModes;

    private RunSpec(
            String scenario,
            String mode,
            String builtInPlan,
            long seed,
            CustomPlan custom,
            Map<String, String> builtInNodeModes) {
        if (scenario == null || mode == null || (builtInPlan == null && custom == null)) {
            throw new IllegalArgumentException("scenario, mode and plan are required");
        }
        this.scenario = scenario;
        this.mode = mode;
        this.builtInPlan = builtInPlan;
        this.seed = seed;
        this.custom = custom;
        this.builtInNodeModes = custom == null ? NodeModes.copy(builtInNodeModes) : null;
    }

    /** A run of a built-in plan. */
    public RunSpec(String scenario, String mode, String plan, long seed) {
        this(scenario, mode, Objects.requireNonNull(plan, "plan"), seed, null, NodeModes.NONE);
    }

    /** This run with nodes or roles starting on their own modes (a custom plan carries them). */
    public RunSpec withNodeModes(Map<String, String> modes) {
        return custom == null
                ? new RunSpec(scenario, mode, builtInPlan, seed, null, modes)
                : custom(scenario, mode, custom.withModes(modes), seed);
    }

    /** A run of a plan given as data, with the node modes the plan carries. */
    public static RunSpec custom(String scenario, String mode, CustomPlan plan, long seed) {
        return new RunSpec(scenario, mode, null, seed, Objects.requireNonNull(plan, "plan"), null);
    }

    /** The scenario's name. */
    public String scenario() {
        return scenario;
    }

    /** buggy, fixed or an ablation. */
    public String mode() {
        return mode;
    }

    /** A built-in plan's name, or for a custom plan the file it came from. */
    public String plan() {
        return custom == null ? builtInPlan : custom.source();
    }

    /** The seed. */
    public long seed() {
        return seed;
    }

    /** The plan's contents when it was given as data, else null. */
    public CustomPlan custom() {
        return custom;
    }

    /**
     * The nodes or roles that start on another mode's code than {@link #mode()}, by name (sorted;
     * a node's entry beats its role's); for a custom plan its {@link CustomPlan#modes()}.
     */
    public SortedMap<String, String> nodeModes() {
        return custom == null ? builtInNodeModes : custom.modes();
    }

    /** Whether the run's plan is given as data ({@link #custom}) rather than by a built-in name. */
    public boolean isCustom() {
        return custom != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RunSpec s
                && scenario.equals(s.scenario)
                && mode.equals(s.mode)
                && seed == s.seed
                && Objects.equals(builtInPlan, s.builtInPlan)
                && Objects.equals(custom, s.custom)
                && Objects.equals(builtInNodeModes, s.builtInNodeModes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(scenario, mode, builtInPlan, seed, custom, builtInNodeModes);
    }

    /** A short description for messages: scenario, mode, plan, seed and any node modes. */
    @Override
    public String toString() {
        return scenario + " " + mode + " " + plan() + " seed " + seed
                + (nodeModes().isEmpty() ? "" : " node modes " + nodeModes());
    }
}
