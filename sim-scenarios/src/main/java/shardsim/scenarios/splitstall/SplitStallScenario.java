package shardsim.scenarios.splitstall;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.check.Liveness;
import shardsim.core.check.SelfWaitCheck;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.FaultPlanGenerator;
import shardsim.core.fault.NodeFault;
import shardsim.core.random.SimRandom;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.WorldNames;
import shardsim.core.sim.RunBudget;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Operation;
import shardsim.core.workload.Workload;

/**
 * split-stall (unistore): a new leader queues split recovery on the store's single region worker
 * before the pre-split flush change set is applied; the recovery waits for a stage that only a
 * change set queued behind it can set, so the split never finishes and every region on that store
 * stops applying change sets.
 */
public final class SplitStallScenario implements Scenario {
    public static final String NAME = "split-stall";
    static final List<String> STORES = List.of("store-1", "store-2", "store-3");

    /** Generated faults fall in [FAULT_START, FAULT_END); then a quiet tail long enough for U3. */
    static final long FAULT_START_MICROS = 1_000_000;
    static final long FAULT_END_MICROS = 20_000_000;
    /** U2: a region-worker task starts within this of being queued. */
    static final long U2_BOUND_MICROS = 5_000_000;
    /** U3: this long after the last fault, every split started by its midpoint has finished. */
    static final long U3_WITHIN_MICROS = 15_000_000;
    static final long RANDOM_END_MICROS = FAULT_END_MICROS + U3_WITHIN_MICROS + 500_000;
    static final long MAX_EVENTS = 3_000_000;

    private static final long[] REGION_IDS = {150, 151, 152, 153};
    private static final long[] REGION_VERS = {48, 12, 30, 7};

    public SplitStallScenario() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "unistore: a new leader's split recovery blocks the region worker on a change set queued behind it";
    }

    @Override
    public List<String> modes() {
        List<String> out = new ArrayList<>();
        for (SplitMode m : SplitMode.ALL) {
            out.add(m.name());
        }
        return out;
    }

    @Override
    public String summary() {
        return "A peer that becomes leader in the PRE_SPLIT stage queues split recovery on the store's single region worker before the pre-split "
                + "flush is applied, and the task waits for a change set queued behind itself, so that store stops applying change sets. The upstream "
                + "fix (#615, #643) re-flushes in PRE_SPLIT and queues recovery only once the engine stage is at least PRE_SPLIT_FLUSH_DONE and the "
                + "engine sequence has reached the one persisted at the role change.";
    }

    @Override
    public String upstream() {
        return "unistore issue \"failed to recover split\", reported by hslam (logs of region 150:48 on stores 1-3)";
    }

    @Override
    public List<shardsim.core.scenario.FidelityRow> fidelity() {
        return SplitStallFidelity.rows();
    }

    @Override
    public List<shardsim.core.scenario.LogLine> logAlignment() {
        return SplitStallFidelity.alignment(this);
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
    public List<String> invariants() {
        return List.of(
                "U1: no worker waits on a condition that only tasks queued behind it (or behind a worker blocked on it) can make hold",
                "U2: every region-worker task starts within 5s of being queued (or of its submitter blocking on the full queue)",
                "U3: 15s after the last fault, every split started in the first half of that window has finished (the epoch moved)",
                "U5: the region worker never handles a split recovery queued in stage PRE_SPLIT (#615 panics there)");
    }

    @Override
    public List<Class<? extends Operation>> operationKinds() {
        List<Class<? extends Operation>> out = new ArrayList<>();
        for (Class<?> k : SplitOperation.class.getPermittedSubclasses()) {
            out.add(k.asSubclass(Operation.class));
        }
        return out;
    }

    /** A run set up and not yet started: the world, and the plan it will inject and perform. */
    private record Prepared(Simulation sim, SplitTracker tracker, long endMicros, LinkPolicy link, FaultPlan faults, Workload workload) {
    }

    @Override
    public RunResult run(RunSpec spec, Trace trace) {
        return execute(spec, prepare(spec, trace, null));
    }

    /**
     * The run's plan as data. A targeted plan aims faults at splits as they start, so its plan is
     * known only after a run: this runs the spec once and adds what was aimed to the drawn faults
     * (after them, so that faults drawn for the same microsecond keep their order).
     */
    @Override
    public CustomPlan planOf(RunSpec spec) {
        if (spec.isCustom()) {
            Prepared p = prepare(spec, Trace.digestOnly(), null);
            return spec.custom().hasWorkload() ? spec.custom() : spec.custom().withWorkload(p.workload());
        }
        FaultPlan.Builder aimed = FaultPlan.builder();
        Prepared p = prepare(spec, Trace.digestOnly(), aimed);
        execute(spec, p);
        return new CustomPlan(NAME + "-" + spec.plan() + "-seed-" + spec.seed() + ".json", spec.plan(), p.link(), p.faults().merge(aimed.build()), p.workload());
    }

    @Override
    public WorldNames worldNames(RunSpec spec) {
        Prepared p = prepare(spec, Trace.digestOnly(), null);
        return SplitNames.of(p.sim().nodeNames(), p.tracker().regionIds());
    }

    private static RunResult execute(RunSpec spec, Prepared p) {
        Simulation sim = p.sim();
        sim.runUntil(p.endMicros());
        sim.note("splits", "started " + p.tracker().started() + " finished " + p.tracker().finished());
        sim.finish();
        return RunResult.of(spec, sim);
    }

    /**
     * Every run is the world its base plan draws from the seed, a link policy, a fault plan and a
     * workload. A built-in plan draws (or scripts) the faults and the workload; a custom plan lists
     * its faults, and its workload unless it leaves that to be drawn as its base would.
     *
     * @param aimed where a generated plan records the faults it aims at splits; null not to record
     */
    private Prepared prepare(RunSpec spec, Trace trace, FaultPlan.Builder aimed) {
        Plans.require("mode", spec.mode(), modes());
        Plans.requirePlan(spec, plans());
        String base = spec.isCustom() ? spec.custom().base() : spec.plan();
        Plans.require("base plan", base, plans());
        SplitMode mode = SplitMode.byName(spec.mode());
        boolean documented = Plans.DOCUMENTED.equals(base);
        long end = documented ? DocumentedPlan.END_MICROS : RANDOM_END_MICROS;
        SimConfig config = SimConfig.defaults().withBudget(RunBudget.of(MAX_EVENTS, end + 1)).withStopOnFirstViolation(false);
        Simulation sim = new Simulation(spec.seed(), config, trace);
        sim.param("mode", mode.name());
        sim.param("plan", spec.plan());
        if (spec.isCustom()) {
            sim.param("base", base);
        }

        ChaosProfile profile = null;
        PlanParams params = null;
        List<RegionSpec> regions;
        StoreConfig storeConfig;
        LinkPolicy link;
        if (documented) {
            regions = DocumentedPlan.regions();
            storeConfig = DocumentedPlan.storeConfig();
            link = config.defaultLink();
        } else {
            // targeted is random with faults aimed at splits as they start: the same profile and rates
            String profileBase = Plans.TARGETED.equals(base) ? Plans.RANDOM : base;
            profile = spec.isCustom() ? ChaosProfile.of(spec.custom()) : ChaosProfile.forPlan(profileBase, sim.random().fork("chaos"));
            profile.recordParams(sim);
            SimRandom planRandom = sim.random().fork("plan");
            params = Plans.SWARM.equals(base) ? PlanParams.swarm(planRandom) : PlanParams.random(planRandom, Plans.TARGETED.equals(base));
            params.record(sim);
            regions = generatedRegions(params.regions(), sim.random().fork("regions"));
            storeConfig = StoreConfig.defaults();
            link = profile.link();
        }
        if (spec.isCustom()) {
            link = spec.custom().link();
        }
        sim.network().setDefaultPolicy(link);
        for (RegionSpec r : regions) {
            sim.param("region." + r.regionId(), "ver " + r.shardVer() + " term " + r.term() + " leader " + r.leader() + " size " + r.sizeBytes());
        }

        SplitTracker tracker = new SplitTracker(sim, regions);
        StoreConfig cfg = storeConfig;
        for (String name : STORES) {
            sim.addNode(name, ctx -> new Store(ctx, cfg, mode, tracker, STORES, regions));
        }
        sim.invariant(new SelfWaitCheck(sim, "U1"));
        sim.invariant(new WorkerDelayCheck(sim, STORES, U2_BOUND_MICROS));
        sim.invariant(new RecoveryStageCheck(sim, STORES));
        sim.liveness(new Liveness("U3", U3_WITHIN_MICROS, () -> tracker.unfinishedSplit(sim.now() - U3_WITHIN_MICROS / 2)));

        FaultPlan faults;
        Workload workload;
        if (spec.isCustom()) {
            faults = spec.custom().faults();
            workload = spec.custom().hasWorkload() ? spec.custom().workload()
                    : documented ? DocumentedPlan.workload() : RandomWorkload.draw(sim.random(), regions, params, end);
        } else if (documented) {
            faults = DocumentedPlan.faults();
            workload = DocumentedPlan.workload();
        } else {
            faults = FaultPlanGenerator.generate(sim.random().fork("faults"), STORES, STORES, FAULT_START_MICROS, FAULT_END_MICROS, profile.faults())
                    .merge(scenarioFaults(sim.random().fork("scenario-faults"), regions, params));
            workload = RandomWorkload.draw(sim.random(), regions, params, end);
        }
        sim.param("faultPlan.size", faults.size());
        sim.param("workload.size", workload.size());

        Cluster cluster = new Cluster(sim, STORES, regions);
        sim.onFault(cluster::applyFault);
        // The workload goes into the queue before the faults: a fault aimed at a split during the
        // run lands after every operation of its microsecond, and a plan that lists it up front
        // (planOf) must put it in the same place.
        sim.perform(workload, cluster::perform);
        sim.inject(faults);
        if (!spec.isCustom() && Plans.TARGETED.equals(base)) {
            aimFaultsAtSplits(sim, tracker, params, aimed);
        }
        return new Prepared(sim, tracker, end, link, faults, workload);
    }

    private static List<RegionSpec> generatedRegions(int count, SimRandom r) {
        List<RegionSpec> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new RegionSpec(REGION_IDS[i], REGION_VERS[i], r.between(1, 6), r.pick(STORES), r.between(2_000_000, 15_000_000)));
        }
        return out;
    }

    /** Leader transfers and slow flushes at random times in the fault window. */
    private static FaultPlan scenarioFaults(SimRandom r, List<RegionSpec> regions, PlanParams p) {
        FaultPlan.Builder b = FaultPlan.builder();
        double minutes = (FAULT_END_MICROS - FAULT_START_MICROS) / 60_000_000.0;
        long transfers = Math.min(64, StrictMath.round(p.transfersPerMinute() * minutes));
        for (long i = 0; i < transfers; i++) {
            long at = r.between(FAULT_START_MICROS, FAULT_END_MICROS - 1);
            b.at(at, new SplitFaults.TransferLeader(r.pick(regions).regionId(), r.pick(STORES)));
        }
        long slow = Math.min(64, StrictMath.round(p.slowFlushesPerMinute() * minutes));
        for (long i = 0; i < slow; i++) {
            long at = r.between(FAULT_START_MICROS, FAULT_END_MICROS - 1);
            b.at(at, new SplitFaults.SlowFlush(r.pick(STORES), r.between(1, p.slowFlushMaxMicros())));
        }
        return b.build();
    }

    /**
     * Aims faults at pre-split windows: with some chance a starting split gets a leader transfer,
     * and with some chance one store crashes inside the window and restarts shortly after (a
     * restarted store has lost the mem-table switched at PRE_SPLIT). The targeted plan only: random
     * and swarm draw every fault up front, blind to what the system does; a custom plan lists such
     * faults itself ({@link #planOf} records them from a run).
     */
    private static void aimFaultsAtSplits(Simulation sim, SplitTracker tracker, PlanParams p, FaultPlan.Builder aimed) {
        SimRandom r = sim.random().fork("aimed-faults");
        tracker.onStart((regionId, ver) -> {
            if (r.chance(p.transferInSplitChance())) {
                long at = sim.now() + r.between(0, p.transferInSplitMaxMicros());
                String to = r.pick(STORES);
                if (at < FAULT_END_MICROS) {
                    aim(sim, aimed, at, new SplitFaults.TransferLeader(regionId, to));
                }
            }
            if (r.chance(p.crashInSplitChance())) {
                long at = sim.now() + r.between(0, p.transferInSplitMaxMicros());
                long back = at + r.between(100_000, 2_000_000);
                String store = r.pick(STORES);
                if (back < FAULT_END_MICROS) {
                    aim(sim, aimed, at, new NodeFault.Crash(store));
                    aim(sim, aimed, back, new NodeFault.Restart(store));
                }
            }
        });
    }

    private static void aim(Simulation sim, FaultPlan.Builder aimed, long atMicros, Fault fault) {
        sim.injectAt(atMicros, fault);
        if (aimed != null) {
            aimed.at(atMicros, fault);
        }
    }
}
