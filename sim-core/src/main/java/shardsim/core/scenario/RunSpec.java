package shardsim.core.scenario;

/**
 * What to run: one scenario, mode, plan and seed. Everything else a run does follows from these.
 */
public record RunSpec(String scenario, String mode, String plan, long seed) {
    public RunSpec {
        if (scenario == null || mode == null || plan == null) {
            throw new IllegalArgumentException("scenario, mode and plan are required");
        }
    }

    /** The command line that reproduces this run exactly. */
    public String command() {
        return "sim run " + scenario + " --mode " + mode + " --plan " + plan + " --seed " + seed;
    }
}
