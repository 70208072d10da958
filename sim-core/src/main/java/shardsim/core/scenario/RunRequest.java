package shardsim.core.scenario;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import shardsim.core.fault.NodeFault;

/**
 * A run a user asks for, built in one place and checked once: a scenario, a built-in plan by name
 * or a plan given as data, and the nodes or roles that start on their own modes. {@link #spec}
 * turns it into the immutable {@link RunSpec} of one mode and seed; {@link #resolve} does so after
 * checking the spec against that seed's world, every check a front end used to make on its own
 * (node modes, upgrades and downgrades, names, entries that cannot fire). A refused request is a
 * {@link Refused} whose message is the one line to show the user.
 */
public final class RunRequest {
    private final Scenario scenario;
    private final String builtIn;
    private final CustomPlan custom;
    private final SortedMap<String, String> builtInNodeModes;

    private RunRequest(Scenario scenario, String builtIn, CustomPlan custom, Map<String, String> builtInNodeModes) {
        this.scenario = Objects.requireNonNull(scenario, "scenario");
        this.builtIn = builtIn;
        this.custom = custom;
        this.builtInNodeModes = custom == null ? NodeModes.copy(builtInNodeModes) : null;
    }

    /** A run of the built-in plan {@code plan} of {@code scenario}. */
    public static RunRequest builtIn(Scenario scenario, String plan) {
        return new RunRequest(scenario, Objects.requireNonNull(plan, "plan"), null, NodeModes.NONE);
    }

    /** A run of a plan given as data, with the node modes it carries. */
    public static RunRequest custom(Scenario scenario, CustomPlan plan) {
        return new RunRequest(scenario, null, Objects.requireNonNull(plan, "plan"), null);
    }

    /** This request with {@code given} over the plan's own node modes, name by name. */
    public RunRequest withNodeModes(Map<String, String> given) {
        if (given.isEmpty()) {
            return this;
        }
        TreeMap<String, String> merged = new TreeMap<>(nodeModes());
        merged.putAll(given);
        return custom == null
                ? new RunRequest(scenario, builtIn, null, merged)
                : new RunRequest(scenario, null, custom.withModes(merged), null);
    }

    /** The scenario. */
    public Scenario scenario() {
        return scenario;
    }

    /** The built-in plan's name, or the plan file's source. */
    public String plan() {
        return custom == null ? builtIn : custom.source();
    }

    /** The plan given as data (its node modes included), or null for a built-in plan. */
    public CustomPlan custom() {
        return custom;
    }

    /** The nodes or roles that start on their own mode (for a plan given as data, its own). */
    public SortedMap<String, String> nodeModes() {
        return custom == null ? builtInNodeModes : custom.modes();
    }

    /**
     * The spec of one mode and seed, not checked against the seed's world: for the later seeds of
     * a range whose first was checked (a later world that lacks a name skips that fault or
     * operation with a note in the trace).
     */
    public RunSpec spec(String mode, long seed) {
        return custom == null
                ? new RunSpec(scenario.name(), mode, builtIn, seed).withNodeModes(builtInNodeModes)
                : RunSpec.custom(scenario.name(), mode, custom, seed);
    }

    /**
     * The spec of one mode and seed, checked against that seed's world ({@link #check}).
     *
     * @throws Refused naming what the world does not have
     */
    public RunSpec resolve(String mode, long seed) {
        return check(scenario, spec(mode, seed));
    }

    /** Why a request cannot run, as the one line to show. */
    public static final class Refused extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /**
     * Checks a spec (one built here, or read back from a trace or a shrink) against the world of its
     * seed: every name a node mode uses is a node or a role there, every upgrade or downgrade names
     * a mode and a node of it, and a custom plan's names exist in the world of its base plan and
     * seed and every entry can fire.
     *
     * @return {@code spec}
     * @throws Refused naming the field, the value and the valid names
     */
    public static RunSpec check(Scenario scenario, RunSpec spec) {
        checkNodeModes(scenario, spec);
        if (!spec.isCustom()) {
            return spec;
        }
        WorldNames names;
        try {
            names = scenario.worldNames(spec);
        } catch (IllegalArgumentException e) {
            throw new Refused("plan " + spec.plan() + ": " + e.getMessage());
        }
        try {
            PlanValidation.check(spec.custom(), names);
            PlanValidation.checkCanFire(spec.custom(), scenario.runEndMicros(spec));
        } catch (IllegalArgumentException e) {
            throw new Refused(worldOf(spec) + e.getMessage());
        }
        return spec;
    }

    private static String worldOf(RunSpec spec) {
        return "plan " + spec.plan() + " (world of base " + spec.custom().base() + ", seed " + spec.seed() + "): ";
    }

    private static void checkNodeModes(Scenario scenario, RunSpec spec) {
        boolean codeChanges = spec.isCustom()
                && spec.custom().faults().faults().stream().anyMatch(f -> f.fault() instanceof NodeFault.CodeChange);
        if (spec.nodeModes().isEmpty() && !codeChanges) {
            return;
        }
        String where = spec.isCustom() ? worldOf(spec) : "";
        Map<String, List<String>> roles;
        try {
            roles = scenario.worldRoles(spec);
        } catch (IllegalArgumentException e) {
            throw new Refused(where + e.getMessage());
        }
        if (roles.isEmpty()) {
            throw new Refused(
                    scenario.name()
                            + " does not say which nodes and roles its world has (Scenario.worldRoles), so it runs no node on its own mode");
        }
        List<String> nodes = NodeModes.nodesOf(roles);
        try {
            NodeModes.resolve(spec.mode(), spec.nodeModes(), scenario.modes(), nodes, roles, true);
            if (spec.isCustom()) {
                NodeModes.checkCodeChanges(spec.custom().faults(), scenario.modes(), nodes);
            }
        } catch (IllegalArgumentException e) {
            throw new Refused(where + e.getMessage());
        }
    }
}
