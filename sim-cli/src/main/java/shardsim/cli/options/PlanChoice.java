package shardsim.cli.options;

import java.nio.file.Path;
import java.util.OptionalLong;
import shardsim.cli.base.UserError;
import shardsim.cli.io.PlanFile;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * The plan a command runs: a built-in one by name, or a plan file read once up front, as the
 * kernel's {@link RunRequest}, which builds every spec the command runs and checks it once.
 *
 * @param request the scenario, the plan and the node modes (for a plan file: its
 *     {@code "modes"} with the command line's pairs over them, held by the plan)
 * @param fileSeed the seed the file names, if any (used when the command line gives none)
 */
public record PlanChoice(RunRequest request, OptionalLong fileSeed) {

    /** The built-in plan's name, or the file's path. */
    public String name() {
        return request.plan();
    }

    /** The file's contents (its node modes included), or null for a built-in plan. */
    public CustomPlan custom() {
        return request.custom();
    }

    /** The nodes or roles that start on their own mode. */
    public java.util.SortedMap<String, String> nodeModes() {
        return request.nodeModes();
    }

    /** This choice with {@code given} over the plan's own node modes, name by name. */
    PlanChoice withNodeModes(java.util.Map<String, String> given) {
        return new PlanChoice(request.withNodeModes(given), fileSeed);
    }

    /** The plan asked for ({@code --plan NAME|FILE.json}), or the default when none was given. */
    static PlanChoice of(Scenario scenario, String plan, String fallback) {
        if (plan != null && PlanFile.looksLikeFile(plan)) {
            PlanFile.Loaded loaded = PlanFile.load(Path.of(plan), scenario);
            return new PlanChoice(RunRequest.custom(scenario, loaded.plan()), loaded.seed());
        }
        return new PlanChoice(
                RunRequest.builtIn(scenario, PlanOption.builtIn(scenario, plan, fallback)), OptionalLong.empty());
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
        try {
            return request.resolve(mode, seed);
        } catch (RunRequest.Refused e) {
            throw new UserError(e.getMessage());
        }
    }

    /**
     * Checks a spec's node modes and its upgrades and downgrades against the world of its seed, and
     * a custom spec's names against the world of its base plan and seed ({@link RunRequest#check}; exit 2).
     */
    public static void checkWorld(Scenario scenario, RunSpec spec) {
        try {
            RunRequest.check(scenario, spec);
        } catch (RunRequest.Refused e) {
            throw new UserError(e.getMessage());
        }
    }

    /** The spec of {@code seed}, not checked against its world (for a range's later seeds). */
    public RunSpec spec(Scenario scenario, String mode, long seed) {
        return request.spec(mode, seed);
    }
}
