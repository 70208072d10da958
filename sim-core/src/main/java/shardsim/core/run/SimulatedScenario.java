package shardsim.core.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import shardsim.core.aim.AimProfile;
import shardsim.core.aim.ScenarioAim;
import shardsim.core.aim.Targeting;
import shardsim.core.fault.FaultIntensity;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.FaultPlanGenerator;
import shardsim.core.net.LinkPolicy;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.FaultWindow;
import shardsim.core.scenario.NodeModes;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.WorldNames;
import shardsim.core.sim.RunBudget;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Workload;

/**
 * A scenario built on the run skeleton. The skeleton owns everything that turns a spec into a
 * run, the same way for every scenario:
 *
 * <ol>
 *   <li>the mode must be a row of {@link #modeTable()}; a built-in plan one of {@link #plans()}, a
 *       plan file's base too;</li>
 *   <li>the world comes from {@link #world} (for the base plan and seed);</li>
 *   <li>the plan: a plan file gives its link, faults and (optionally) workload; {@code documented}
 *       takes {@link #documented}; a generated plan takes the chaos profile drawn from the fork
 *       "chaos", kernel faults from the fork "faults" inside {@link RunShape}'s window, and the
 *       scenario's own faults ({@link #ownFaults}) and workload ({@link #workload});</li>
 *   <li>parameters are recorded in one order: mode, plan, base, the mode's fix parts, link and
 *       intensities, the world's figures, the plan's figures, the plan's sizes;</li>
 *   <li>{@link #build} adds the nodes and checks; the workload is scheduled before the faults, so
 *       an operation and a fault at the same microsecond run in that order; the quiet tail's link
 *       ({@link #quietLink}) is set at its start; a plan that aims faults ({@link #aimProfileFor})
 *       listens to the windows the model announces and aims into them, in queue slots reserved
 *       right after the plan's faults;</li>
 *   <li>{@link #planOf} gives back exactly what was injected and performed, with aimed faults
 *       recorded from a run, so a plan drawn from the seed and the same plan given as data run
 *       identically.</li>
 * </ol>
 *
 * <p>When each hook runs, for one run: {@link #modeTable} whenever a mode is looked up;
 * {@link #world} first, for the spec's base plan and seed; then, for a built-in plan,
 * {@link #documented} (the documented plan) or {@link #profile}, {@link #ownFaults} and
 * {@link #workload} (a generated one); {@link #shape} once the link is known; {@link #build} once,
 * before virtual time starts and before any node boots; {@link #quietLink} right after it;
 * {@link #scenarioAims} and {@link #targetedProfile} after it for a plan that aims. Node factories
 * run at each node's boot (time 0, in the order added) and at every restart. Safety invariants and
 * coverage abstractions registered in {@code build} run first after the event that completes the
 * boot of every node ({@code Simulation.booted()}), then after every event; {@code checkAt}
 * samples at their times; liveness checks at their deadlines; validations once at the end.
 * {@link #names} runs whenever a plan given as data is checked against a seed's world, without a
 * run. Every hook may run many times, for many seeds, on many threads: none may keep state.
 *
 * <p>Implementations are stateless, like every {@link Scenario}.
 *
 * @param <W> the scenario's world
 * @param <M> a row of its table of modes
 * @param <D> what {@link #build} returns: the built model's driver
 */
public abstract class SimulatedScenario<W extends World, M extends Mode, D extends Driver> implements Scenario {

    // ---- what a scenario supplies -------------------------------------------------------------

    /** The modes as a data table, the default ({@code buggy}) first. */
    protected abstract List<M> modeTable();

    /** The world of {@code base} for {@code seed}; {@code documented}'s is the report's, whatever the seed. */
    protected abstract W world(String base, long seed);

    /** The run's frame in {@code world} when its default link is {@code link}. */
    protected abstract RunShape shape(W world, LinkPolicy link);

    /** The {@code documented} plan: the report's timeline in the documented world. */
    protected abstract Script documented(W world);

    /** The workload a generated plan draws (also a plan file's, when it lists none). */
    protected abstract Workload workload(W world, Draw draw);

    /** The scenario's own faults a generated plan draws, besides the kernel's. Default: none. */
    protected FaultPlan ownFaults(W world, Draw draw) {
        return FaultPlan.empty();
    }

    /** The link policy and kernel fault intensities of a generated plan. Default: {@link ChaosProfile#forPlan}. */
    protected ChaosProfile profile(String base, SimRandom chaos) {
        return ChaosProfile.forPlan(base, chaos);
    }

    /**
     * Adds the nodes and the checks to {@code sim}, and returns what performs the workload. Runs
     * once per run, before any node boots and before virtual time starts.
     *
     * <p>{@code mode} is the run's mode; a node may run another's (a mixed-version run,
     * {@code --node-mode}, an upgrade in the plan). Build each node from the code the kernel gives
     * it: add it with {@link #coded}, or read {@code ctx.code()} in its factory. A node that boots
     * on another mode's code without having looked at it refuses the run
     * ({@link shardsim.core.sim.CodeIgnored}), rather than run the wrong code.
     */
    protected abstract D build(Simulation sim, W world, M mode, RunShape shape);

    /**
     * Builds a node from the row of the mode table its incarnation runs, which the kernel picks
     * (the run's mode, a {@code --node-mode} or a plan's {@code "modes"}, the mode an upgrade or
     * downgrade switched it to).
     *
     * @param <M> a row of the scenario's table of modes
     */
    @FunctionalInterface
    public interface CodedFactory<M> {
        /**
         * A new incarnation of the node.
         *
         * @param context the incarnation's context
         * @param code the row of the mode table it runs
         * @return the node
         */
        shardsim.core.node.Node create(shardsim.core.node.NodeContext context, M code);
    }

    /** A node factory that hands {@code factory} its incarnation's row of the mode table: {@code sim.nodes().add(name, coded(Pd::new))}. */
    protected final shardsim.core.node.NodeFactory coded(CodedFactory<M> factory) {
        return ctx -> factory.create(ctx, mode(ctx.code()));
    }

    /** The names a plan may use in {@code world}. Default: nothing is checked. */
    protected WorldNames names(W world) {
        return WorldNames.unchecked();
    }

    /**
     * The default link from the quiet tail on, set at its start even when it equals the run's link
     * (the run's trace marks the tail either way); null, the default, for a run without one.
     */
    protected LinkPolicy quietLink(LinkPolicy link) {
        return null;
    }

    /** Whether a run stops at its first violation (faster sweeps) or goes on to find one of each invariant. */
    protected boolean stopOnFirstViolation() {
        return false;
    }

    /**
     * The scenario's own faults that fit the kinds of window its model announces, which a plan
     * that aims ({@code targeted}) may place inside them besides the kernel's. Default: none.
     */
    protected List<ScenarioAim> scenarioAims(W world, D driver) {
        return List.of();
    }

    /** How {@code targeted} aims. Default: {@link AimProfile#targeted()}. */
    protected AimProfile targetedProfile() {
        return AimProfile.targeted();
    }

    // ---- the skeleton -------------------------------------------------------------------------

    @Override
    public final List<String> modes() {
        List<String> out = new ArrayList<>();
        for (M m : modeTable()) {
            out.add(m.name());
        }
        return List.copyOf(out);
    }

    /** The built-in plans; each is also a base a plan file may run in. */
    @Override
    public List<String> plans() {
        return List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.SWARM);
    }

    /** The row of the mode table named {@code name}. */
    public final M mode(String name) {
        for (M m : modeTable()) {
            if (m.name().equals(name)) {
                return m;
            }
        }
        Plans.require("mode", name, modes());
        throw new IllegalStateException("unreachable");
    }

    @Override
    public final RunResult run(RunSpec spec, Trace trace) {
        return stage(spec, trace).finish();
    }

    /** Runs {@code spec} to its end even past violations, whatever {@link #stopOnFirstViolation()} says. */
    protected final RunResult runThrough(RunSpec spec, Trace trace) {
        return stage(spec, trace, false).finish();
    }

    /** Sets {@code spec} up without starting it, for tests that drive a run step by step. */
    public final StagedRun<W, D> stage(RunSpec spec, Trace trace) {
        return stage(spec, trace, stopOnFirstViolation());
    }

    /**
     * Whether a run of {@code spec} aims faults into the windows its model announces ({@link
     * #aimProfileFor} is not null): such faults are drawn at run time, so only {@link #planOf}
     * fixes them as data.
     */
    public final boolean aimsFaultsFor(RunSpec spec) {
        return aimProfileFor(spec) != null;
    }

    /**
     * How a run of {@code spec} aims, or null if it does not: {@code targeted} aims with {@link
     * #targetedProfile()}; {@code swarm} draws aiming as one more dimension from the fork
     * {@value #AIM_FORK} of the seed (off in about half the runs, which then run as they did
     * before aiming existed); {@code random}, {@code documented} and plans given as data never aim.
     */
    public final AimProfile aimProfileFor(RunSpec spec) {
        if (spec.isCustom()) {
            return null;
        }
        String base = baseOf(spec);
        if (Plans.TARGETED.equals(base)) {
            return targetedProfile();
        }
        if (Plans.SWARM.equals(base)) {
            return AimProfile.swarm(new SimRandom(spec.seed()).fork(AIM_FORK));
        }
        return null;
    }

    /** The fork of the seed swarm draws its aiming from. */
    public static final String AIM_FORK = "aim";
    /** The fork of the run's generator the aimed faults are drawn from. */
    public static final String AIM_SHOTS_FORK = "aim-shots";

    @Override
    public final CustomPlan planOf(RunSpec spec) {
        ResolvedPlan<W> plan = resolve(spec);
        if (spec.isCustom()) {
            return spec.custom().hasWorkload() ? spec.custom() : spec.custom().withWorkload(plan.workload());
        }
        String source = name() + "-" + spec.plan() + "-seed-" + spec.seed() + ".json";
        if (!aimsFaultsFor(spec)) {
            return plan.asCustom(source).withModes(spec.nodeModes());
        }
        // Aimed faults are known only once the run has reached them: run it and list them after the
        // drawn ones (a fault aimed at a microsecond that also has a drawn one runs after it, since
        // aimed faults take the queue slots reserved right after the plan's).
        StagedRun<W, D> run = stage(spec, Trace.digestOnly(), stopOnFirstViolation());
        run.finish();
        return new CustomPlan(
                source, plan.base(), plan.link(), plan.faults().merge(run.aimed()), plan.workload(), spec.nodeModes());
    }

    @Override
    public final WorldNames worldNames(RunSpec spec) {
        // An upgrade's or downgrade's toMode names a mode, whatever the world.
        return names(resolveWorld(spec)).with("toMode", modes());
    }

    @Override
    public final Map<String, List<String>> worldRoles(RunSpec spec) {
        return rolesOf(resolveWorld(spec));
    }

    /** The roles whose nodes the world keeps from crashing and does not declare restartable ({@link World#rollsByRestart}). */
    @Override
    public final Map<String, String> unrollableRoles(RunSpec spec) {
        W world = resolveWorld(spec);
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, List<String>> role : rolesOf(world).entrySet()) {
            if (!world.rollsByRestart(role.getKey())) {
                List<String> kept = new ArrayList<>(role.getValue());
                kept.removeAll(world.crashableNodes());
                out.put(
                        role.getKey(),
                        "role " + role.getKey() + " cannot be rolled: "
                                + (kept.isEmpty()
                                        ? "the scenario says its nodes may not be restarted"
                                        : "its node" + (kept.size() == 1 ? " " : "s ") + String.join(", ", kept)
                                                + (kept.size() == 1 ? " is" : " are")
                                                + " kept from crashing (World.crashableNodes)")
                                + ", and the scenario declares no rule to restart "
                                + (role.getValue().size() == 1 ? "it" : "them")
                                + " on new code (World.rollsByRestart)");
            }
        }
        return out;
    }

    @Override
    public final java.util.Optional<FaultWindow> faultWindow(RunSpec spec) {
        ResolvedPlan<W> plan = resolve(spec);
        RunShape shape = shape(plan.world(), plan.link());
        return java.util.Optional.of(new FaultWindow(shape.faultsFromMicros(), shape.tailStartMicros()));
    }

    @Override
    public final java.util.OptionalLong runEndMicros(RunSpec spec) {
        ResolvedPlan<W> plan = resolve(spec);
        return java.util.OptionalLong.of(shape(plan.world(), plan.link()).endMicros());
    }

    /**
     * The world's roles, checked to hold every node a generated plan may crash. A node outside
     * every role (one that runs no versioned code, such as version-skew's client, added not
     * crashable) runs the run's mode and is never upgraded.
     */
    private static Map<String, List<String>> rolesOf(World world) {
        Map<String, List<String>> roles = world.roles();
        List<String> inRoles = NodeModes.nodesOf(roles);
        for (String node : world.crashableNodes()) {
            if (!inRoles.contains(node)) {
                throw new IllegalStateException("node " + node + " is in none of the world's roles " + roles.keySet());
            }
        }
        return roles;
    }

    /** The plan {@code spec} runs, as data. */
    public final ResolvedPlan<W> resolve(RunSpec spec) {
        mode(spec.mode());
        String base = baseOf(spec);
        W world = world(base, spec.seed());
        SimRandom root = new SimRandom(spec.seed());
        Draw draw = new Draw(base, root);
        if (spec.isCustom()) {
            CustomPlan custom = spec.custom();
            draw.param("customFaults", custom.faults().size());
            Workload workload;
            if (custom.hasWorkload()) {
                workload = custom.workload();
                draw.param("customOperations", workload.size());
            } else {
                workload = Plans.DOCUMENTED.equals(base) ? documented(world).workload() : workload(world, draw);
            }
            return new ResolvedPlan<>(base, world, ChaosProfile.of(custom), custom.faults(), workload, draw.params());
        }
        if (Plans.DOCUMENTED.equals(base)) {
            Script script = documented(world);
            return new ResolvedPlan<>(
                    base,
                    world,
                    new ChaosProfile(script.link(), FaultIntensity.none()),
                    script.faults(),
                    script.workload(),
                    draw.params());
        }
        ChaosProfile profile = profile(base, root.fork("chaos"));
        RunShape shape = shape(world, profile.link());
        FaultPlan kernel = FaultPlanGenerator.generate(
                root.fork("faults"),
                world.nodes(),
                world.crashableNodes(),
                shape.faultsFromMicros(),
                shape.tailStartMicros(),
                profile.faults());
        FaultPlan own = ownFaults(world, draw);
        draw.param("kernelFaults", kernel.size());
        draw.param("scenarioFaults", own.size());
        Workload workload = workload(world, draw);
        return new ResolvedPlan<>(base, world, profile, kernel.merge(own), workload, draw.params());
    }

    private W resolveWorld(RunSpec spec) {
        mode(spec.mode());
        return world(baseOf(spec), spec.seed());
    }

    private String baseOf(RunSpec spec) {
        if (!spec.isCustom()) {
            Plans.require("plan", spec.plan(), plans());
            return spec.plan();
        }
        Plans.require("base plan", spec.custom().base(), plans());
        return spec.custom().base();
    }

    private StagedRun<W, D> stage(RunSpec spec, Trace trace, boolean stopOnFirst) {
        M mode = mode(spec.mode());
        ResolvedPlan<W> plan = resolve(spec);
        W world = plan.world();
        LinkPolicy link = plan.link();
        RunShape shape = shape(world, link);
        SimConfig config = new SimConfig(
                RunBudget.of(shape.maxEvents(), shape.endMicros() + RunShape.BUDGET_SLACK_MICROS),
                link,
                stopOnFirst,
                shape.workerCapacity());
        Simulation sim = new Simulation(spec.seed(), config, trace);
        // Codes before build: each node's factory reads its own (NodeContext.code()). A name no node
        // or role of this seed's world has is skipped, like a fault naming a node the world lacks
        // (the command line refuses it for the seed it checks); a mode that does not exist is not.
        Map<String, String> codes =
                NodeModes.resolve(mode.name(), spec.nodeModes(), modes(), world.nodes(), rolesOf(world), false);
        NodeModes.checkCodeChanges(plan.faults(), modes(), null);
        sim.nodes().assignCodes(mode.name(), codes);
        // A known gap is a finding: a run that stops at its first violation still judges its claims to the end.
        for (shardsim.core.check.Stance gap :
                claims().of(shardsim.core.scenario.Verdict.modesOf(spec)).ofKind(shardsim.core.check.Stance.Kind.GAP)) {
            sim.checks().goOnPast(java.util.List.of(gap.invariant()));
        }
        AimProfile aim = aimProfileFor(spec);
        recordParams(sim, spec, mode, plan);
        recordCodes(sim, spec, mode, codes);
        if (aim != null) {
            // Only runs that aim name it, so the digests of runs that do not stay as they were.
            sim.record().param("aim", aim);
        }

        D driver = build(sim, world, mode, shape);
        sim.perform(plan.workload(), driver::perform);
        sim.faults().inject(plan.faults());
        if (aim != null) {
            sim.faults().reserveAimSlots(Targeting.slotsFor(aim));
        }
        LinkPolicy quiet = quietLink(link);
        if (quiet != null) {
            sim.record().param("tail.link", quiet);
            sim.at(
                    shape.tailStartMicros(),
                    "quiet tail: faults over, links quiet",
                    () -> sim.network().setDefaultPolicy(quiet));
        }
        Targeting targeting = null;
        if (aim != null) {
            targeting = new Targeting(
                    sim.faults(),
                    aim,
                    scenarioAims(world, driver),
                    shape.faultsFromMicros(),
                    shape.tailStartMicros(),
                    sim.random().fork(AIM_SHOTS_FORK));
            sim.windows().listen(targeting);
        }
        return new StagedRun<>(spec, sim, plan, shape, driver, targeting);
    }

    /**
     * A mixed-version run names who runs what: the node modes asked for and every node whose code
     * is not the run's mode. Recorded only for such runs, so other runs' digests stay as they were.
     */
    private static void recordCodes(Simulation sim, RunSpec spec, Mode mode, Map<String, String> codes) {
        if (spec.nodeModes().isEmpty()) {
            return;
        }
        sim.record().param("nodeModes", NodeModes.describe(spec.nodeModes()));
        StringBuilder own = new StringBuilder();
        for (Map.Entry<String, String> c : codes.entrySet()) {
            if (!c.getValue().equals(mode.name())) {
                own.append(own.length() == 0 ? "" : " ")
                        .append(c.getKey())
                        .append('=')
                        .append(c.getValue());
            }
        }
        sim.record().param("codes", own.toString());
    }

    private static void recordParams(Simulation sim, RunSpec spec, Mode mode, ResolvedPlan<?> plan) {
        sim.record().param("mode", mode.name());
        sim.record().param("plan", spec.plan());
        if (spec.isCustom()) {
            sim.record().param("base", plan.base());
        }
        sim.record().param("fix", mode);
        plan.profile().recordParams(sim);
        for (Map.Entry<String, Object> p : plan.world().params().entrySet()) {
            sim.record().param(p.getKey(), p.getValue());
        }
        for (Map.Entry<String, Object> p : plan.params().entrySet()) {
            sim.record().param(p.getKey(), p.getValue());
        }
        sim.record().param("faults.planned", plan.faults().size());
        sim.record().param("workload.size", plan.workload().size());
    }
}
