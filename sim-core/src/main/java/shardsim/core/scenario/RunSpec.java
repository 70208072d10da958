package shardsim.core.scenario;

/**
 * What to run: one scenario, mode, plan and seed. Everything else a run does follows from these.
 *
 * @param scenario the scenario's name
 * @param mode buggy, fixed or an ablation
 * @param plan a built-in plan's name, or for a custom plan the file it came from
 * @param seed the seed
 * @param custom the plan's contents when it was given as data, else null
 * @param nodeModes the nodes or roles that start on another mode's code than {@code mode}, by
 *     name (sorted; a node's entry beats its role's); for a custom plan always its
 *     {@link CustomPlan#modes()}, so a plan file carries them
 */
public record RunSpec(String scenario, String mode, String plan, long seed, CustomPlan custom, java.util.SortedMap<String, String> nodeModes) {
    public RunSpec {
        if (scenario == null || mode == null || plan == null) {
            throw new IllegalArgumentException("scenario, mode and plan are required");
        }
        if (custom != null && !custom.source().equals(plan)) {
            throw new IllegalArgumentException("a custom plan's source must be its plan name");
        }
        nodeModes = NodeModes.copy(nodeModes);
        if (custom != null && !custom.modes().equals(nodeModes)) {
            throw new IllegalArgumentException("a custom plan's node modes are the run's: " + custom.modes() + " vs " + nodeModes);
        }
    }

    /** A run of a built-in plan, or of a custom one with the node modes it carries. */
    public RunSpec(String scenario, String mode, String plan, long seed, CustomPlan custom) {
        this(scenario, mode, plan, seed, custom, custom == null ? NodeModes.NONE : custom.modes());
    }

    /** A run of a built-in plan. */
    public RunSpec(String scenario, String mode, String plan, long seed) {
        this(scenario, mode, plan, seed, null);
    }

    /** This run with nodes or roles starting on their own modes (a custom plan carries them too). */
    public RunSpec withNodeModes(java.util.Map<String, String> modes) {
        return custom == null ? new RunSpec(scenario, mode, plan, seed, null, NodeModes.copy(modes)) : custom(scenario, mode, custom.withModes(modes), seed);
    }

    /** A run of a plan given as data. */
    public static RunSpec custom(String scenario, String mode, CustomPlan plan, long seed) {
        return new RunSpec(scenario, mode, plan.source(), seed, plan);
    }

    /** Whether the run's plan is given as data ({@link #custom}) rather than by a built-in name. */
    public boolean isCustom() {
        return custom != null;
    }

    /** The command line that reproduces this run exactly, quoted for a POSIX shell. */
    public String command() {
        java.util.List<String> words = new java.util.ArrayList<>(java.util.List.of("sim", "run", scenario, "--mode", mode, "--plan", plan, "--seed", Long.toString(seed)));
        words.addAll(nodeModeArgs());
        return ShellWords.join(words.toArray(String[]::new));
    }

    /** {@code --node-mode NAME=MODE} for each node mode, in name order (unquoted words). */
    public java.util.List<String> nodeModeArgs() {
        java.util.List<String> words = new java.util.ArrayList<>();
        for (java.util.Map.Entry<String, String> e : nodeModes.entrySet()) {
            words.add("--node-mode");
            words.add(e.getKey() + "=" + e.getValue());
        }
        return words;
    }
}
