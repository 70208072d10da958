package shardsim.cli.options;

import java.nio.file.Path;
import java.util.OptionalLong;
import shardsim.cli.base.UserError;
import shardsim.cli.io.PlanFile;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.NodeModes;
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
 * @param nodeModes the nodes or roles that start on their own mode (for a plan file: its
 *     {@code "modes"} with the command line's pairs over them, also in {@code custom})
 */
public record PlanChoice(String name, CustomPlan custom, OptionalLong fileSeed, java.util.SortedMap<String, String> nodeModes) {
    public PlanChoice {
        nodeModes = NodeModes.copy(nodeModes);
    }

    PlanChoice(String name, CustomPlan custom, OptionalLong fileSeed) {
        this(name, custom, fileSeed, custom == null ? NodeModes.NONE : custom.modes());
    }

    /** This choice with {@code given} over the plan's own node modes, name by name. */
    PlanChoice withNodeModes(java.util.Map<String, String> given) {
        if (given.isEmpty()) {
            return this;
        }
        java.util.TreeMap<String, String> merged = new java.util.TreeMap<>(nodeModes);
        merged.putAll(given);
        return new PlanChoice(name, custom == null ? null : custom.withModes(merged), fileSeed, merged);
    }

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

    /**
     * Checks a spec's node modes and its upgrades and downgrades against the world of its seed, and
     * a custom spec's names against the world of its base plan and seed.
     */
    public static void checkWorld(Scenario scenario, RunSpec spec) {
        checkNodeModes(scenario, spec);
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
            PlanValidation.checkCanFire(spec.custom(), scenario.runEndMicros(spec));
        } catch (IllegalArgumentException e) {
            throw new UserError("plan " + spec.plan() + " (world of base " + spec.custom().base() + ", seed " + spec.seed() + "): " + e.getMessage());
        }
    }

    public RunSpec spec(Scenario scenario, String mode, long seed) {
        return custom == null ? new RunSpec(scenario.name(), mode, name, seed).withNodeModes(nodeModes) : RunSpec.custom(scenario.name(), mode, custom, seed);
    }

    /**
     * Every name a node mode uses is a node or a role of the seed's world, and every upgrade or
     * downgrade names a mode and a node of it, running at that time (exit 2 otherwise).
     */
    private static void checkNodeModes(Scenario scenario, RunSpec spec) {
        boolean codeChanges = spec.isCustom() && spec.custom().faults().faults().stream().anyMatch(f -> f.fault() instanceof shardsim.core.fault.NodeFault.CodeChange);
        if (spec.nodeModes().isEmpty() && !codeChanges) {
            return;
        }
        String where = spec.isCustom() ? "plan " + spec.plan() + " (world of base " + spec.custom().base() + ", seed " + spec.seed() + "): " : "";
        java.util.Map<String, java.util.List<String>> roles;
        try {
            roles = scenario.worldRoles(spec);
        } catch (IllegalArgumentException e) {
            throw new UserError(where + e.getMessage());
        }
        if (roles.isEmpty()) {
            throw new UserError(scenario.name() + " does not say which nodes and roles its world has (Scenario.worldRoles), so it runs no node on its own mode");
        }
        java.util.List<String> nodes = NodeModes.nodesOf(roles);
        try {
            NodeModes.resolve(spec.mode(), spec.nodeModes(), scenario.modes(), nodes, roles, true);
            if (spec.isCustom()) {
                NodeModes.checkCodeChanges(spec.custom().faults(), scenario.modes(), nodes);
            }
        } catch (IllegalArgumentException e) {
            throw new UserError(where + e.getMessage());
        }
    }
}
