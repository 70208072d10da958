package shardsim.scenarios.splitstall;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.check.Liveness;
import shardsim.core.check.SelfWaitCheck;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.net.LinkPolicy;
import shardsim.core.random.SimRandom;
import shardsim.core.run.Draw;
import shardsim.core.run.RunShape;
import shardsim.core.run.Script;
import shardsim.core.run.SimulatedScenario;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.ScenarioPresentation;
import shardsim.core.scenario.WorldNames;
import shardsim.core.sim.Simulation;
import shardsim.core.workload.Operation;
import shardsim.core.workload.Workload;
import shardsim.scenarios.splitstall.checks.AvailabilityCheck;
import shardsim.scenarios.splitstall.checks.ForcedPicks;
import shardsim.scenarios.splitstall.checks.ProgressCheck;
import shardsim.scenarios.splitstall.checks.RaftSafety;
import shardsim.scenarios.splitstall.checks.RecoveryStageCheck;
import shardsim.scenarios.splitstall.checks.RegionCoverage;
import shardsim.scenarios.splitstall.checks.SplitChecks;
import shardsim.scenarios.splitstall.checks.SplitClaims;
import shardsim.scenarios.splitstall.checks.SplitOnSizeCheck;
import shardsim.scenarios.splitstall.checks.SplitStartCheck;
import shardsim.scenarios.splitstall.checks.SplitTracker;
import shardsim.scenarios.splitstall.checks.SteadySplitCheck;
import shardsim.scenarios.splitstall.checks.TailTimes;
import shardsim.scenarios.splitstall.checks.TakeoverSplitCheck;
import shardsim.scenarios.splitstall.checks.WorkerDelayCheck;
import shardsim.scenarios.splitstall.model.SplitCluster;
import shardsim.scenarios.splitstall.model.SplitProbes;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.DocumentedPlan;
import shardsim.scenarios.splitstall.plan.PlanParams;
import shardsim.scenarios.splitstall.plan.PlanTimes;
import shardsim.scenarios.splitstall.plan.RandomWorkload;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitFaults;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.SplitNames;
import shardsim.scenarios.splitstall.plan.SplitOperation;
import shardsim.scenarios.splitstall.plan.SplitWindows;
import shardsim.scenarios.splitstall.plan.SplitWorld;
import shardsim.scenarios.splitstall.report.SplitFidelity;
import shardsim.scenarios.splitstall.report.SplitStallPresentation;

/**
 * split-stall (unistore): a new leader queues split recovery on the store's single region worker
 * before the pre-split flush change set is applied; the recovery waits for a stage that only a
 * change set queued behind it can set, so the split never finishes and every region on that store
 * stops applying change sets. The run skeleton ({@link SimulatedScenario}) turns each plan into a
 * run; this class supplies the world ({@link SplitWorld}), the stores and checks, the writes and
 * the leader transfers and slow flushes, and the leader transfers the {@code targeted} plan aims
 * into the PRE_SPLIT windows its stores announce ({@link SplitWindows}).
 */
public final class SplitStallScenario extends SimulatedScenario<SplitWorld, SplitMode, SplitCluster> {
    public static final String NAME = "split-stall";
    /** U2: a region-worker task starts within this of being queued. */
    public static final long U2_BOUND_MICROS = 5_000_000;

    static final long MAX_EVENTS = 3_000_000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "unistore: a new leader's split recovery blocks the region worker on a change set queued behind it";
    }

    /** Its words, fidelity table and log for reports ({@link SplitStallPresentation}), apart from what runs. */
    @Override
    public java.util.Optional<ScenarioPresentation> presentation() {
        return java.util.Optional.of(new SplitStallPresentation(this));
    }

    @Override
    public List<Class<? extends Fault>> faultKinds() {
        return List.of(SplitFaults.TransferLeader.class, SplitFaults.SlowFlush.class);
    }

    @Override
    public List<String> plans() {
        return List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.TARGETED, Plans.SWARM);
    }

    @Override
    public List<String> windowKinds() {
        return SplitWindows.KINDS;
    }

    @Override
    public List<String> probeNames() {
        return SplitProbes.ALL;
    }

    @Override
    public List<shardsim.core.check.Rule> invariants() {
        return SplitChecks.ALL;
    }

    /** The fix's known gaps (U3, U7) and what each mode is expected to break ({@link SplitClaims}). */
    @Override
    public shardsim.core.check.ClaimTable claims() {
        return SplitClaims.TABLE;
    }

    @Override
    public List<Class<? extends Operation>> operationKinds() {
        List<Class<? extends Operation>> out = new ArrayList<>();
        for (Class<?> k : SplitOperation.class.getPermittedSubclasses()) {
            out.add(k.asSubclass(Operation.class));
        }
        return out;
    }

    // ---- the world, the plan and the model ----------------------------------------------------

    @Override
    protected List<SplitMode> modeTable() {
        return SplitMode.TABLE;
    }

    @Override
    protected SplitWorld world(String base, long seed) {
        return Plans.DOCUMENTED.equals(base) ? SplitWorld.documented() : SplitWorld.generated(base, seed);
    }

    @Override
    protected RunShape shape(SplitWorld world, LinkPolicy link) {
        return new RunShape(PlanTimes.FAULT_START_MICROS, PlanTimes.FAULT_END_MICROS, world.endMicros(), MAX_EVENTS);
    }

    /** The report's timeline on reliable links. */
    @Override
    protected Script documented(SplitWorld world) {
        return new Script(LinkPolicy.reliable(), DocumentedPlan.faults(), DocumentedPlan.workload());
    }

    /** The writes, each region from its own fork of the run's root generator. */
    @Override
    protected Workload workload(SplitWorld world, Draw draw) {
        return RandomWorkload.draw(draw.root(), world.regions(), world.plan(), world.endMicros());
    }

    /** Leader transfers and slow flushes at random times in the fault window. */
    @Override
    protected FaultPlan ownFaults(SplitWorld world, Draw draw) {
        SimRandom r = draw.fork("scenario-faults");
        PlanParams p = world.plan();
        List<RegionSpec> regions = world.regions();
        FaultPlan.Builder b = FaultPlan.builder();
        double minutes = (PlanTimes.FAULT_END_MICROS - PlanTimes.FAULT_START_MICROS) / 60_000_000.0;
        long transfers = Math.min(64, StrictMath.round(p.transfersPerMinute() * minutes));
        for (long i = 0; i < transfers; i++) {
            long at = r.between(PlanTimes.FAULT_START_MICROS, PlanTimes.FAULT_END_MICROS - 1);
            b.at(at, new SplitFaults.TransferLeader(r.pick(regions).regionId(), r.pick(PlanTimes.STORES)));
        }
        long slow = Math.min(64, StrictMath.round(p.slowFlushesPerMinute() * minutes));
        for (long i = 0; i < slow; i++) {
            long at = r.between(PlanTimes.FAULT_START_MICROS, PlanTimes.FAULT_END_MICROS - 1);
            b.at(at, new SplitFaults.SlowFlush(r.pick(PlanTimes.STORES), r.between(1, p.slowFlushMaxMicros())));
        }
        return b.build();
    }

    /**
     * Every store runs the code of its own incarnation ({@code ctx.code()}): both parts of the fix act
     * on the store whose peer becomes leader, so a region gets the fix of the store that leads it when
     * it takes over (see {@link SplitFidelity}); nothing else in the run reads a mode.
     */
    @Override
    protected SplitCluster build(Simulation sim, SplitWorld world, SplitMode runMode, RunShape shape) {
        List<RegionSpec> regions = world.regions();
        SplitTracker tracker = new SplitTracker(sim, regions);
        for (String name : PlanTimes.STORES) {
            sim.nodes()
                    .add(
                            name,
                            ctx -> new Store(
                                    ctx, world.storeConfig(), mode(ctx.code()), tracker, PlanTimes.STORES, regions));
        }
        sim.checks().invariant(new SelfWaitCheck(sim.view(), SplitChecks.U1));
        sim.checks().invariant(new WorkerDelayCheck(sim.view(), PlanTimes.STORES, U2_BOUND_MICROS));
        sim.checks().invariant(new RecoveryStageCheck(sim.view(), PlanTimes.STORES));
        sim.checks()
                .liveness(new Liveness(
                        SplitChecks.U3,
                        PlanTimes.U3_WITHIN_MICROS,
                        () -> tracker.unfinishedSplit(sim.now() - PlanTimes.U3_WITHIN_MICROS / 2)));
        TailTimes tail = TailTimes.of(world.storeConfig());
        ProgressCheck progress =
                new ProgressCheck(sim.view(), PlanTimes.STORES, world.regionIds(), world.endMicros(), tail);
        sim.checks().invariant(progress);
        sim.checks().validation(shardsim.core.check.Invariant.of(SplitChecks.U6, progress::judge));
        SteadySplitCheck steady = new SteadySplitCheck(sim.view(), PlanTimes.STORES, tracker);
        sim.checks().validation(shardsim.core.check.Invariant.of(SplitChecks.U13, steady::judge));
        TakeoverSplitCheck takeover = new TakeoverSplitCheck(sim.view(), PlanTimes.STORES, world.regionIds(), tracker);
        sim.checks().invariant(takeover);
        sim.checks().validation(shardsim.core.check.Invariant.of(SplitChecks.U14, takeover::judge));
        sim.checks().invariant(new SplitOnSizeCheck(sim.view(), PlanTimes.STORES, regions, world.storeConfig(), tail));
        ForcedPicks forced = new ForcedPicks();
        sim.checks().invariant(new SplitStartCheck(sim.view(), PlanTimes.STORES, regions, world.storeConfig(), forced));
        RaftSafety.register(sim, PlanTimes.STORES, world.regionIds());
        AvailabilityCheck availability =
                new AvailabilityCheck(sim.view(), PlanTimes.STORES, world.regionIds(), world.storeConfig());
        sim.checks().observe(availability);
        sim.checks().invariant(availability);
        SplitCluster cluster = new SplitCluster(sim, PlanTimes.STORES, regions, tracker, forced);
        sim.faults().onFault(cluster::applyFault);
        sim.checks().abstraction(new RegionCoverage(sim.view(), PlanTimes.STORES, world.regionIds()));
        return cluster;
    }

    /**
     * Leader transfers aimed into PRE_SPLIT windows ({@link SplitWindows}); the kernel aims crashes,
     * partitions and clogs at the store in the window besides. Random and swarm without aiming draw
     * every fault up front, blind to what the system does; a custom plan lists aimed faults itself
     * ({@link #planOf} records them from a run).
     */
    @Override
    protected List<shardsim.core.aim.ScenarioAim> scenarioAims(SplitWorld world, SplitCluster cluster) {
        return SplitWindows.aims();
    }

    @Override
    protected WorldNames names(SplitWorld world) {
        return SplitNames.of(PlanTimes.STORES, world.regionIds());
    }
}
