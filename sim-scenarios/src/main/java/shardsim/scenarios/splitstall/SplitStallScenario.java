package shardsim.scenarios.splitstall;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.check.Liveness;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.FaultPlanGenerator;
import shardsim.core.fault.NodeFault;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.sim.RunBudget;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;

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
                + "engine has caught up with the persisted sequence.";
    }

    @Override
    public String upstream() {
        return "unistore issue \"failed to recover split\", reported by hslam (logs of region 150:48 on stores 1-3)";
    }

    @Override
    public List<Class<? extends Fault>> faultKinds() {
        return List.of(SplitFaults.TransferLeader.class, SplitFaults.SlowFlush.class);
    }

    @Override
    public List<String> plans() {
        return List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.SWARM);
    }

    @Override
    public List<String> invariants() {
        return List.of(
                "U1: a region worker never waits on a condition that only tasks queued behind it can satisfy",
                "U2: every region-worker task starts within 5s of being queued",
                "U3: 15s after the last fault, every split started in the first half of that window has finished (the epoch moved)",
                "U4: a store's engine stage for a region only moves forward and never passes its persisted stage");
    }

    /** The three stores as the driver and the fault handler see them. */
    static final class Cluster {
        private final Simulation sim;

        Cluster(Simulation sim) {
            this.sim = sim;
        }

        /** The leader with the highest term among the stores that are up, or null. */
        Store leaderOf(long regionId) {
            Store best = null;
            long bestTerm = -1;
            for (String name : STORES) {
                Store s = sim.node(name, Store.class);
                if (s != null) {
                    RegionPeer p = s.peer(regionId);
                    if (p.isLeader() && p.term() > bestTerm) {
                        best = s;
                        bestTerm = p.term();
                    }
                }
            }
            return best;
        }

        void write(long regionId, long bytes) {
            Store leader = leaderOf(regionId);
            if (leader != null) {
                leader.write(regionId, bytes);
            }
        }

        boolean applyFault(Fault fault) {
            if (fault instanceof SplitFaults.TransferLeader t) {
                Store leader = leaderOf(t.regionId());
                if (leader == null) {
                    sim.note("faults", "no leader of region " + t.regionId() + " to transfer");
                } else {
                    leader.peer(t.regionId()).transferLeader(t.to());
                }
                return true;
            }
            if (fault instanceof SplitFaults.SlowFlush f) {
                Store s = sim.node(f.store(), Store.class);
                if (s != null) {
                    s.slowNextFlush(f.extraMicros());
                }
                return true;
            }
            return false;
        }
    }

    @Override
    public RunResult run(RunSpec spec, Trace trace) {
        Plans.require("mode", spec.mode(), modes());
        Plans.requirePlan(spec, plans());
        SplitMode mode = SplitMode.byName(spec.mode());
        boolean documented = Plans.DOCUMENTED.equals(spec.plan());
        long end = documented ? DocumentedPlan.END_MICROS : RANDOM_END_MICROS;
        SimConfig config = SimConfig.defaults().withBudget(RunBudget.of(MAX_EVENTS, end + 1)).withStopOnFirstViolation(false);
        Simulation sim = new Simulation(spec.seed(), config, trace);
        sim.param("mode", mode.name());
        sim.param("plan", spec.plan());

        ChaosProfile profile = null;
        PlanParams params = null;
        List<RegionSpec> regions;
        StoreConfig storeConfig;
        if (documented) {
            regions = DocumentedPlan.regions();
            storeConfig = DocumentedPlan.storeConfig();
        } else {
            profile = spec.isCustom() ? ChaosProfile.of(spec.custom()) : ChaosProfile.forPlan(spec.plan(), sim.random().fork("chaos"));
            sim.network().setDefaultPolicy(profile.link());
            profile.recordParams(sim);
            SimRandom planRandom = sim.random().fork("plan");
            params = Plans.SWARM.equals(spec.plan()) ? PlanParams.swarm(planRandom) : PlanParams.random(planRandom);
            params.record(sim);
            regions = generatedRegions(params.regions(), sim.random().fork("regions"));
            storeConfig = StoreConfig.defaults();
        }
        for (RegionSpec r : regions) {
            sim.param("region." + r.regionId(), "ver " + r.shardVer() + " term " + r.term() + " leader " + r.leader() + " size " + r.sizeBytes());
        }

        SplitTracker tracker = new SplitTracker(sim, regions);
        StoreConfig cfg = storeConfig;
        for (String name : STORES) {
            sim.addNode(name, ctx -> new Store(ctx, cfg, mode, tracker, STORES, regions));
        }
        sim.invariant(new WorkerWaitCheck(sim, STORES));
        sim.invariant(new StageOrderCheck(sim, STORES, regions));
        sim.invariant(new WorkerDelayCheck(sim, STORES, U2_BOUND_MICROS));
        sim.liveness(new Liveness("U3", U3_WITHIN_MICROS, () -> tracker.unfinishedSplit(sim.now() - U3_WITHIN_MICROS / 2)));

        Cluster cluster = new Cluster(sim);
        sim.onFault(cluster::applyFault);
        if (documented) {
            sim.inject(DocumentedPlan.faults());
            DocumentedPlan.drive(sim, cluster);
        } else if (spec.isCustom()) {
            sim.param("faultPlan.size", spec.custom().faults().size());
            sim.inject(spec.custom().faults());
            RandomWorkload.start(sim, cluster, regions, params, end);
        } else {
            FaultPlan plan = FaultPlanGenerator.generate(sim.random().fork("faults"), STORES, STORES, FAULT_START_MICROS, FAULT_END_MICROS, profile.faults())
                    .merge(scenarioFaults(sim.random().fork("scenario-faults"), regions, params));
            sim.param("faultPlan.size", plan.size());
            sim.inject(plan);
            aimFaultsAtSplits(sim, tracker, params);
            RandomWorkload.start(sim, cluster, regions, params, end);
        }

        sim.runUntil(end);
        sim.note("splits", "started " + tracker.started() + " finished " + tracker.finished());
        sim.finish();
        return RunResult.of(spec, sim);
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
        long transfers = Math.min(64, Math.round(p.transfersPerMinute() * minutes));
        for (long i = 0; i < transfers; i++) {
            long at = r.between(FAULT_START_MICROS, FAULT_END_MICROS - 1);
            b.at(at, new SplitFaults.TransferLeader(r.pick(regions).regionId(), r.pick(STORES)));
        }
        long slow = Math.min(64, Math.round(p.slowFlushesPerMinute() * minutes));
        for (long i = 0; i < slow; i++) {
            long at = r.between(FAULT_START_MICROS, FAULT_END_MICROS - 1);
            b.at(at, new SplitFaults.SlowFlush(r.pick(STORES), r.between(1, p.slowFlushMaxMicros())));
        }
        return b.build();
    }

    /**
     * Aims faults at pre-split windows: with some chance a starting split gets a leader transfer,
     * and with some chance one store crashes inside the window and restarts shortly after (a
     * restarted store has lost the mem-table switched at PRE_SPLIT).
     */
    private static void aimFaultsAtSplits(Simulation sim, SplitTracker tracker, PlanParams p) {
        SimRandom r = sim.random().fork("aimed-faults");
        tracker.onStart((regionId, ver) -> {
            if (r.chance(p.transferInSplitChance())) {
                long at = sim.now() + r.between(0, p.transferInSplitMaxMicros());
                String to = r.pick(STORES);
                if (at < FAULT_END_MICROS) {
                    sim.injectAt(at, new SplitFaults.TransferLeader(regionId, to));
                }
            }
            if (r.chance(p.crashInSplitChance())) {
                long at = sim.now() + r.between(0, p.transferInSplitMaxMicros());
                long back = at + r.between(100_000, 2_000_000);
                String store = r.pick(STORES);
                if (back < FAULT_END_MICROS) {
                    sim.injectAt(at, new NodeFault.Crash(store));
                    sim.injectAt(back, new NodeFault.Restart(store));
                }
            }
        });
    }
}
