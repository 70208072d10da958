package shardsim.scenarios.versionskew;

import java.util.List;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.net.LinkPolicy;
import shardsim.core.run.Draw;
import shardsim.core.run.RunShape;
import shardsim.core.run.Script;
import shardsim.core.run.SimulatedScenario;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.ScenarioPresentation;
import shardsim.core.scenario.WorldNames;
import shardsim.core.sim.Nodes;
import shardsim.core.sim.Simulation;
import shardsim.core.workload.Operation;
import shardsim.core.workload.Workload;
import shardsim.scenarios.versionskew.checks.ShardCoverage;
import shardsim.scenarios.versionskew.checks.SkewChecks;
import shardsim.scenarios.versionskew.checks.SkewClaims;
import shardsim.scenarios.versionskew.model.SkewCluster;
import shardsim.scenarios.versionskew.model.SkewProbes;
import shardsim.scenarios.versionskew.model.Timing;
import shardsim.scenarios.versionskew.plan.DocumentedPlan;
import shardsim.scenarios.versionskew.plan.SkewFault;
import shardsim.scenarios.versionskew.plan.SkewFaultPlan;
import shardsim.scenarios.versionskew.plan.SkewMode;
import shardsim.scenarios.versionskew.plan.SkewNames;
import shardsim.scenarios.versionskew.plan.SkewOperation;
import shardsim.scenarios.versionskew.plan.SkewWindows;
import shardsim.scenarios.versionskew.plan.SkewWorkload;
import shardsim.scenarios.versionskew.plan.World;
import shardsim.scenarios.versionskew.report.VersionSkewPresentation;

/**
 * version-skew: ceresmeta and a CeresDB / HoraeDB data node disagree on a shard's version after
 * one lost DDL response, and every later DDL on the shard fails with "Shard version mismatch".
 * Modes: {@code buggy} (meta decides the version), {@code fixed} (the node decides, runs the engine
 * first, and heartbeats repair a lag) and one ablation per part of the fix ({@link SkewMode}).
 *
 * <p>A run is a story: the world of its plan, the checks, the plan's faults and client requests
 * during the fault window, then a quiet tail (no faults, no loss) long enough for C2 and C3. The
 * run skeleton ({@link SimulatedScenario}) turns each plan into a run; this class supplies the
 * world, the nodes and checks, the requests and the scenario's faults.
 */
public final class VersionSkewScenario extends SimulatedScenario<World, SkewMode, SkewCluster> {
    public static final String NAME = "version-skew";
    /** No generated fault starts before this: the cluster has booted. */
    static final long FAULTS_FROM_MICROS = 1_000_000;
    /** Most scheduled events one run may handle. */
    static final long MAX_EVENTS = 400_000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "CeresDB/HoraeDB meta and a data node disagree on a shard's version after one lost DDL response; later DDLs fail with Shard version mismatch";
    }

    /** Its words, fidelity table and log for reports ({@link VersionSkewPresentation}), apart from what runs. */
    @Override
    public java.util.Optional<ScenarioPresentation> presentation() {
        return java.util.Optional.of(new VersionSkewPresentation());
    }

    @Override
    protected List<SkewMode> modeTable() {
        return SkewMode.TABLE;
    }

    @Override
    public List<Class<? extends Fault>> faultKinds() {
        return List.of(
                SkewFault.DropResponse.class,
                SkewFault.EngineFailure.class,
                SkewFault.MetaCrashBeforePersist.class,
                SkewFault.HeartbeatDelay.class,
                SkewFault.TransferLeader.class);
    }

    @Override
    public List<Class<? extends Operation>> operationKinds() {
        return List.of(SkewOperation.CreateTable.class, SkewOperation.DropTable.class);
    }

    @Override
    public List<String> windowKinds() {
        return SkewWindows.KINDS;
    }

    @Override
    public List<String> probeNames() {
        return SkewProbes.ALL;
    }

    @Override
    public List<shardsim.core.check.Rule> invariants() {
        return SkewChecks.INVARIANTS;
    }

    /** C5 is a gap in every mode: upstream never rolls back an engine's table ({@link SkewClaims}). */
    @Override
    public shardsim.core.check.ClaimTable claims() {
        return SkewClaims.TABLE;
    }

    // ---- the world, the plan and the model ----------------------------------------------------

    @Override
    protected World world(String base, long seed) {
        return World.of(base, seed);
    }

    /**
     * The run ends once C2 was judged and each of C3's two probes, sent one after the other, had
     * the client's timeout to answer.
     */
    @Override
    protected RunShape shape(World world, LinkPolicy link) {
        Timing timing = Timing.of(link);
        long tailStartMicros = world.tailStartMicros();
        long endMicros = tailStartMicros + timing.convergeMicros() + 2 * timing.clientTimeoutMicros() + 1_000_000;
        return new RunShape(FAULTS_FROM_MICROS, tailStartMicros, endMicros, MAX_EVENTS);
    }

    @Override
    protected Script documented(World world) {
        return DocumentedPlan.script();
    }

    /** The last request leaves a second for its procedure before the quiet tail. */
    @Override
    protected Workload workload(World world, Draw draw) {
        return SkewWorkload.generate(draw, world.layout().shardIds(), world.tailStartMicros() - 1_000_000);
    }

    /**
     * Lost responses, engine failures, meta crashing before a persist, delayed heartbeats and
     * leader transfers. Meta's crash and restart that a {@link SkewFault.MetaCrashBeforePersist}
     * causes, and the {@link SkewFault.ResponseDropped} marker, are not in the plan: they follow
     * from faults it lists, and listing them too would apply them twice.
     */
    @Override
    protected FaultPlan ownFaults(World world, Draw draw) {
        return SkewFaultPlan.generate(draw, world.layout(), world.tailStartMicros());
    }

    /**
     * The quiet tail: links keep their delays but stop losing and duplicating messages, so C2's
     * "three heartbeat periods plus delivery" and C3's probes are meaningful.
     */
    @Override
    protected LinkPolicy quietLink(LinkPolicy link) {
        return link.withLoss(0).withDuplication(0);
    }

    /**
     * Adds the nodes and the checks: C1 after every event, C2 judged once the quiet tail has lasted
     * {@link Timing#convergeMicros()}, C3's probes sent then (a CREATE per shard, and a DROP of its
     * table once it succeeded), C3-C5 validated at the end. The judge and the probes are checks, not
     * workload: a plan cannot drop them, so a shrunk or replayed plan keeps them.
     */
    @Override
    protected SkewCluster build(Simulation sim, World world, SkewMode runMode, RunShape shape) {
        Timing timing = Timing.of(sim.config().defaultLink());
        sim.record().param("heartbeatMicros", timing.heartbeatMicros());
        sim.record().param("convergeMicros", timing.convergeMicros());
        // Each process runs its own code: meta's row decides what meta sends and stores and whether
        // it repairs from heartbeats, a data node's row how it checks, moves and returns versions.
        SkewCluster cluster = new SkewCluster(
                sim, world, ctx -> Nodes.NO_CODE.equals(ctx.code()) ? runMode : mode(ctx.code()), timing);
        SkewChecks checks =
                new SkewChecks(sim, world.layout().dataNodes(), world.layout().shardIds(), timing, cluster.storage());
        checks.register();
        long judgeAt = shape.tailStartMicros() + timing.convergeMicros();
        sim.checks().checkAt(judgeAt, "judge C2", checks::judgeConverged);
        sim.at(judgeAt, "C3 probes", cluster::probeEveryShard);
        sim.checks().abstraction(new ShardCoverage(sim.view(), world, cluster.locks()));
        return cluster;
    }

    /** The windows meta announces and the scenario's faults that fit them ({@link SkewWindows}). */
    @Override
    protected List<shardsim.core.aim.ScenarioAim> scenarioAims(World world, SkewCluster cluster) {
        return SkewWindows.aims(world.layout().dataNodes());
    }

    @Override
    public List<String> plans() {
        return List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.TARGETED, Plans.SWARM);
    }

    @Override
    protected WorldNames names(World world) {
        return SkewNames.of(world, faultKinds());
    }
}
