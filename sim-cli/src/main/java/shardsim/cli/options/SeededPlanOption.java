package shardsim.cli.options;

import picocli.CommandLine.Option;
import shardsim.core.scenario.Scenario;

/**
 * {@code --plan} of the commands that sweep seeds over one plan (explore, upgrades): only a
 * built-in plan drawn from the seed, so their help offers only the choices they take.
 */
public final class SeededPlanOption {
    @Option(
            names = "--plan",
            paramLabel = "PLAN",
            description = {
                "A built-in plan drawn from the seed: random (the default), swarm, targeted, or another "
                        + "that 'sim list' shows; not documented, not a plan file."
            })
    String plan;

    /** The built-in plan named (drawn from the seed), or {@code fallback}. */
    public String drawnFromTheSeed(Scenario scenario, String fallback, String command) {
        PlanOption p = new PlanOption();
        p.plan = plan;
        return p.drawnFromTheSeed(scenario, fallback, command);
    }

    /** The plan as a choice (always a built-in one here). */
    public PlanChoice choose(Scenario scenario, String fallback) {
        return PlanChoice.of(scenario, plan, fallback);
    }
}
