package shardsim.cli;

import java.nio.file.Path;
import shardsim.cli.io.PlanFile;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * The plan a command runs: a built-in one by name, or a plan file read once up front.
 *
 * @param name the built-in plan's name, or the file's path
 * @param custom the file's contents, or null for a built-in plan
 */
record PlanChoice(String name, CustomPlan custom) {

    /** The plan asked for ({@code --plan NAME|FILE.json}), or the default when none was given. */
    static PlanChoice of(Scenario scenario, String plan, String fallback) {
        if (plan != null && PlanFile.looksLikeFile(plan)) {
            return new PlanChoice(plan, PlanFile.read(Path.of(plan), scenario));
        }
        return new PlanChoice(CliContext.plan(scenario, plan, fallback), null);
    }

    RunSpec spec(Scenario scenario, String mode, long seed) {
        return custom == null ? new RunSpec(scenario.name(), mode, name, seed) : RunSpec.custom(scenario.name(), mode, custom, seed);
    }
}
