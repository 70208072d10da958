package shardsim.cli.options;

import java.nio.file.Path;
import java.util.OptionalLong;
import shardsim.cli.base.UserError;
import shardsim.cli.io.PlanFile;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanValidation;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.WorldNames;

/**
 * The plan a command runs: a built-in one by name, or a plan file read once up front.
 *
 * @param name the built-in plan's name, or the file's path
 * @param custom the file's contents, or null for a built-in plan
 * @param fileSeed the seed the file names, if any (used when the command line gives none)
 */
public record PlanChoice(String name, CustomPlan custom, OptionalLong fileSeed) {

    /** The plan asked for ({@code --plan NAME|FILE.json}), or the default when none was given. */
    static PlanChoice of(Scenario scenario, String plan, String fallback) {
        if (plan != null && PlanFile.looksLikeFile(plan)) {
            PlanFile.Loaded loaded = PlanFile.load(Path.of(plan), scenario);
            return new PlanChoice(plan, loaded.plan(), loaded.seed());
        }
        return new PlanChoice(PlanOption.builtIn(scenario, plan, fallback), null, OptionalLong.empty());
    }

    /** The seed given on the command line, else the one the plan file names, else 0. */
    long seed(Long given) {
        return given != null ? given : fileSeed.orElse(0);
    }

    /**
     * The spec of {@code seed}, its plan checked against that seed's world: every name a fault or
     * operation uses must exist there (exit 2 naming the field, the value and the valid names).
     * Commands check the seed they run, or a range's first seed; a later seed's world that lacks
     * a name skips that fault or operation with a note in the trace.
     */
    public RunSpec checkedSpec(Scenario scenario, String mode, long seed) {
        RunSpec spec = spec(scenario, mode, seed);
        checkWorld(scenario, spec);
        return spec;
    }

    /** Checks a custom spec's names against the world of its base plan and seed. */
    public static void checkWorld(Scenario scenario, RunSpec spec) {
        if (!spec.isCustom()) {
            return;
        }
        WorldNames names;
        try {
            names = scenario.worldNames(spec);
        } catch (IllegalArgumentException e) {
            throw new UserError("plan " + spec.plan() + ": " + e.getMessage());
        }
        try {
            PlanValidation.check(spec.custom(), names);
        } catch (IllegalArgumentException e) {
            throw new UserError("plan " + spec.plan() + " (world of base " + spec.custom().base() + ", seed " + spec.seed() + "): " + e.getMessage());
        }
    }

    public RunSpec spec(Scenario scenario, String mode, long seed) {
        return custom == null ? new RunSpec(scenario.name(), mode, name, seed) : RunSpec.custom(scenario.name(), mode, custom, seed);
    }
}
