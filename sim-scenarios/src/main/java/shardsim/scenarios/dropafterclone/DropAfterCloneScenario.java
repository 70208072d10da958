package shardsim.scenarios.dropafterclone;

import java.util.List;
import shardsim.core.check.Rule;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.net.LinkPolicy;
import shardsim.core.run.Draw;
import shardsim.core.run.RunShape;
import shardsim.core.run.Script;
import shardsim.core.run.SimulatedScenario;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.ScenarioPresentation;
import shardsim.core.scenario.WorldNames;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Operation;
import shardsim.core.workload.Workload;
import shardsim.scenarios.dropafterclone.checks.DorisChecks;
import shardsim.scenarios.dropafterclone.checks.DorisClaims;
import shardsim.scenarios.dropafterclone.checks.TabletCoverage;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.DorisProbes;
import shardsim.scenarios.dropafterclone.plan.DocumentedPlan;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisFault;
import shardsim.scenarios.dropafterclone.plan.DorisMode;
import shardsim.scenarios.dropafterclone.plan.DorisNames;
import shardsim.scenarios.dropafterclone.plan.DorisOperation;
import shardsim.scenarios.dropafterclone.plan.DorisWindows;
import shardsim.scenarios.dropafterclone.plan.DorisWorld;
import shardsim.scenarios.dropafterclone.plan.GeneratedPlan;
import shardsim.scenarios.dropafterclone.report.DropAfterClonePresentation;

/**
 * Apache Doris: a DROP issued from a stale tablet report reaches a BE after a CLONE re-created the
 * tablet there, and deletes the only copy. Modes: {@code buggy} (the DROP names only the tablet),
 * {@code fixed} (replica-id fencing), and the fix with one part of the fence off
 * ({@link DorisMode#NO_REPLICA_ID}, {@link DorisMode#NO_CLONE_STAMP}, {@link DorisMode#NO_CLONE_GUARD}).
 *
 * <p>A run: the FE and three to five BEs; single-replica tablets by default; balance moves drawn
 * from the seed during a fault window of {@value GeneratedPlan#WINDOW_MICROS} µs, then a quiet tail
 * of {@value GeneratedPlan#TAIL_MICROS} µs (links reliable, no moves, no faults) in which D2 at
 * quiescence and D3 are judged. The {@code documented} plan replays the report's timeline: three
 * {@link DorisOperation.Balance} moves and one {@link DorisFault.SlowAgentRpc} (the report's DROP,
 * sent before the CLONE, reaches the BE after it) in a fixed world whose quiet tail starts at
 * 140 s. The run skeleton ({@link SimulatedScenario}) turns each plan into a run; this class
 * supplies the world, the nodes and checks, the moves and faults. {@code report.DorisFidelity} lists what
 * follows which Doris code.
 *
 * <p>Modelling choices worth knowing when reading a trace: a clone downloads its snapshot from the
 * source BE (so a clone from a lost copy fails); whether a clone is incremental is decided when the
 * clone task runs; a DROP checks the fence when it runs, not when it is queued.
 */
public final class DropAfterCloneScenario extends SimulatedScenario<DorisWorld, DorisMode, DorisCluster> {
    public static final String NAME = "drop-after-clone";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Doris: a DROP from a stale tablet report runs on a BE after a CLONE re-created the tablet there; the only copy is lost";
    }

    /** Its words, fidelity table and log for reports ({@link DropAfterClonePresentation}), apart from what runs. */
    @Override
    public java.util.Optional<ScenarioPresentation> presentation() {
        return java.util.Optional.of(new DropAfterClonePresentation(this::documentedBuggyThrough));
    }

    @Override
    protected List<DorisMode> modeTable() {
        return DorisMode.TABLE;
    }

    @Override
    public List<String> windowKinds() {
        return DorisWindows.KINDS;
    }

    @Override
    public List<String> probeNames() {
        return DorisProbes.ALL;
    }

    @Override
    public List<Rule> invariants() {
        return DorisChecks.INVARIANTS;
    }

    /** D9, the report-version fence's gap, D13, the untracked DROP's, and what each mode is expected to break ({@link DorisClaims}). */
    @Override
    public shardsim.core.check.ClaimTable claims() {
        return DorisClaims.TABLE;
    }

    /**
     * D5, D6, D7, D11 and D12 hold the model to the bookkeeping of the Doris code it follows (the
     * catalog it replays, the replicas it places, the CLONE replicas of its moves, its balance
     * finish, its report timers); none is a property Doris's fix claims, and a violation is a bug of
     * the model. D1-D4, D8 and D10 are the claims about Doris; D9 and D13 the fix's known gaps.
     */
    @Override
    public List<Rule> modelChecks() {
        return DorisChecks.MODEL_CHECKS;
    }

    @Override
    public List<Class<? extends Fault>> faultKinds() {
        return List.of(DorisFault.SlowReports.class, DorisFault.StallPool.class, DorisFault.SlowAgentRpc.class);
    }

    @Override
    public List<Class<? extends Operation>> operationKinds() {
        return List.of(DorisOperation.Balance.class);
    }

    /**
     * The events of the documented plan in the buggy mode, run on past its first violation (for
     * the report's log beside the trace).
     */
    List<shardsim.core.trace.TraceEvent> documentedBuggyThrough() {
        Trace trace = Trace.full();
        runThrough(RunRequest.builtIn(this, Plans.DOCUMENTED).spec(Plans.BUGGY, 0), trace);
        return trace.events();
    }

    // ---- the world, the plan and the model ----------------------------------------------------

    @Override
    protected DorisWorld world(String base, long seed) {
        return Plans.DOCUMENTED.equals(base)
                ? DocumentedPlan.world()
                : GeneratedPlan.draw(seed).world();
    }

    @Override
    protected RunShape shape(DorisWorld world, LinkPolicy link) {
        return new RunShape(
                world.faultWindowStartMicros(), world.tailStartMicros(), world.endMicros(), 1_000_000, 1_000);
    }

    @Override
    protected Script documented(DorisWorld world) {
        return new Script(DocumentedPlan.link(), DocumentedPlan.faults(), DocumentedPlan.workload());
    }

    /** The moves drawn right after the world, on the world's stream. */
    @Override
    protected Workload workload(DorisWorld world, Draw draw) {
        return GeneratedPlan.draw(draw.root().seed()).moves();
    }

    @Override
    protected FaultPlan ownFaults(DorisWorld world, Draw draw) {
        return GeneratedPlan.scenarioFaults(draw.fork("doris-faults"), world.backends(), draw.swarm());
    }

    /** The quiet tail: links reliable (no more moves or faults either), so D2 at quiescence and D3 are judged on a settled cluster. */
    @Override
    protected LinkPolicy quietLink(LinkPolicy link) {
        return LinkPolicy.reliable();
    }

    /** A drop-after-clone run is judged by its first loss: what follows a lost copy is its consequence. */
    @Override
    protected boolean stopOnFirstViolation() {
        return true;
    }

    /** The run-wide row is not read here: each process runs its own code ({@code sim.codeOf}), which is the run's mode unless the run names another for it. */
    @Override
    protected DorisCluster build(Simulation sim, DorisWorld world, DorisMode runMode, RunShape shape) {
        DorisCluster cluster = new DorisCluster(
                sim,
                world.config(),
                node -> mode(sim.nodes().codeOf(node)),
                world.backends(),
                world.placement(),
                world.reportPhaseMicros(),
                world.firstReplicaId());
        DorisChecks.register(
                cluster,
                world.config().reportIntervalMicros(),
                world.tailStartMicros(),
                world.endMicros(),
                20 * DorisConfig.SECOND);
        sim.checks()
                .abstraction(new TabletCoverage(
                        sim.view(),
                        world.backends(),
                        List.copyOf(world.placement().keySet())));
        return cluster;
    }

    /** The windows the FE and the BEs announce and the scenario's faults that fit them ({@link DorisWindows}). */
    @Override
    protected List<shardsim.core.aim.ScenarioAim> scenarioAims(DorisWorld world, DorisCluster cluster) {
        return DorisWindows.aims();
    }

    /**
     * drop-after-clone aims more than the default: a window gets a fault with chance 0.8, the
     * scenario's own faults (a held DROP pool, a slow agent RPC) are chosen six times as often as
     * a crash, and a run takes up to 32: the default profile found the bug in fewer buggy targeted
     * seeds when this was tuned (docs/figures.md, row dac-buggy-targeted-1k, has today's count).
     */
    @Override
    protected shardsim.core.aim.AimProfile targetedProfile() {
        return new shardsim.core.aim.AimProfile(
                0.8,
                1_000_000,
                100_000,
                2_000_000,
                new shardsim.core.aim.AimWeights(6, 1, 1, 0.5, 0.5),
                new shardsim.core.aim.AimLimits(2, 32));
    }

    @Override
    public List<String> plans() {
        return List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.TARGETED, Plans.SWARM);
    }

    @Override
    protected WorldNames names(DorisWorld world) {
        return DorisNames.of(world);
    }
}
