package shardsim.cli.options;

import picocli.CommandLine.Option;
import shardsim.cli.base.UserError;
import shardsim.cli.io.PlanFile;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.Scenario;

/** {@code --plan}: a built-in plan by name, or a plan file. */
public final class PlanOption {
    @Option(
            names = "--plan",
            paramLabel = "PLAN",
            description = {
                "documented, random, swarm, another plan 'sim list' shows, or a plan file FILE.json.",
                "Default: documented for run and explain, random for the other commands; power takes only plans drawn from the seed."
            })
    String plan;

    /** The plan asked for, read once if it is a file, or {@code fallback} (if the scenario has it, else its first plan). */
    public PlanChoice choose(Scenario scenario, String fallback) {
        return PlanChoice.of(scenario, plan, fallback);
    }

    /** For power: a built-in plan that draws its faults and workload from the seed (not documented, not a file), or {@code fallback}. */
    public String drawnFromTheSeed(Scenario scenario, String fallback) {
        return drawnFromTheSeed(scenario, fallback, "power");
    }

    /** For {@code command} (power, upgrades): a built-in plan drawn from the seed, or {@code fallback}. */
    public String drawnFromTheSeed(Scenario scenario, String fallback, String command) {
        if (plan != null && PlanFile.looksLikeFile(plan)) {
            throw new UserError(
                    command + " takes a built-in plan drawn from the seed (random, swarm, targeted), not a plan file");
        }
        String p = builtIn(scenario, plan, fallback);
        if (Plans.DOCUMENTED.equals(p)) {
            throw new UserError(
                    command
                            + " sweeps seeds, and the documented plan does not depend on the seed: use a plan drawn from the seed (random, swarm, targeted)");
        }
        return p;
    }

    /** The built-in plan named, or {@code fallback} if the scenario has it, else its first plan. */
    static String builtIn(Scenario scenario, String plan, String fallback) {
        if (plan == null) {
            return scenario.plans().contains(fallback)
                    ? fallback
                    : scenario.plans().get(0);
        }
        if (!scenario.plans().contains(plan)) {
            throw new UserError("unknown plan '" + plan + "' for " + scenario.name() + " (expected one of "
                    + String.join(", ", scenario.plans()) + ", or a plan file ending in .json)");
        }
        return plan;
    }
}
