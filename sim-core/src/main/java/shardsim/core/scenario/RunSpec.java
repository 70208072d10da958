package shardsim.core.scenario;

/**
 * What to run: one scenario, mode, plan and seed. Everything else a run does follows from these.
 *
 * @param scenario the scenario's name
 * @param mode buggy, fixed or an ablation
 * @param plan a built-in plan's name, or for a custom plan the file it came from
 * @param seed the seed
 * @param custom the plan's contents when it was given as data, else null
 */
public record RunSpec(String scenario, String mode, String plan, long seed, CustomPlan custom) {
    public RunSpec {
        if (scenario == null || mode == null || plan == null) {
            throw new IllegalArgumentException("scenario, mode and plan are required");
        }
        if (custom != null && !custom.source().equals(plan)) {
            throw new IllegalArgumentException("a custom plan's source must be its plan name");
        }
    }

    /** A run of a built-in plan. */
    public RunSpec(String scenario, String mode, String plan, long seed) {
        this(scenario, mode, plan, seed, null);
    }

    /** A run of a plan given as data. */
    public static RunSpec custom(String scenario, String mode, CustomPlan plan, long seed) {
        return new RunSpec(scenario, mode, plan.source(), seed, plan);
    }

    public boolean isCustom() {
        return custom != null;
    }

    /** The command line that reproduces this run exactly, quoted for a POSIX shell. */
    public String command() {
        return ShellWords.join("sim", "run", scenario, "--mode", mode, "--plan", plan, "--seed", Long.toString(seed));
    }
}
