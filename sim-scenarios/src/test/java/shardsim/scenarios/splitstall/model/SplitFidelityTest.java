package shardsim.scenarios.splitstall.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.sim.RunBudget;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.scenarios.splitstall.SplitStallScenario;
import shardsim.scenarios.splitstall.checks.ForcedPicks;
import shardsim.scenarios.splitstall.checks.SplitTracker;
import shardsim.scenarios.splitstall.checks.WorkerDelayCheck;
import shardsim.scenarios.splitstall.plan.DocumentedPlan;
import shardsim.scenarios.splitstall.plan.PlanParams;
import shardsim.scenarios.splitstall.plan.PlanTimes;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/** The changes of issue 14, each against what the model did before. */
class SplitFidelityTest {
    private final SplitStallScenario scenario = new SplitStallScenario();

    private List<TraceEvent> documented(String mode) {
        Trace trace = Trace.full();
        scenario.run(new RunSpec(scenario.name(), mode, Plans.DOCUMENTED, 0), trace);
        return trace.events();
    }

    private static TraceEvent first(List<TraceEvent> events, String actor, String has) {
        for (TraceEvent e : events) {
            if (e.actor().equals(actor) && e.detail().contains(has)) {
                return e;
            }
        }
        return null;
    }

    /** Before: the check read the persisted meta and logged PRE_SPLIT_FLUSH_DONE, and the documented plan had no store-3 check. */
    @Test
    void store3sCheckAt24880SeesTheEnginesPreSplitStageAsInTheReport() {
        List<TraceEvent> t = documented("buggy");
        TraceEvent wrong = first(t, "store-3", "shard 150:48 wrong split stage");
        assertEquals("shard 150:48 wrong split stage PRE_SPLIT", wrong.detail());
        // the check runs as the split checker takes it (the report logs it 1 ms after the checker's line)
        assertEquals(24_880_000, wrong.timeMicros());
        assertTrue(first(
                        t,
                        "store-3",
                        "failed to send check result err: failed to pre-split region: wrong split stage PRE_SPLIT")
                != null);
    }

    /** Before: every worker held 10,000 tasks and a full one refused silently. */
    @Test
    void theRegionWorkerHas128SlotsAsUpstream() {
        assertEquals(128, Store.WORKER_CAPACITY);
        assertEquals(128, StoreConfig.defaults().workerCapacity());
        assertEquals(128, DocumentedPlan.storeConfig().workerCapacity());
    }

    /** The documented world with a small channel: store-3's stuck worker fills it, and its applier blocks with every region behind it. */
    @Test
    void aFullRegionWorkerBlocksTheApplierAndFreezesTheOtherRegions() {
        Simulation sim = new Simulation(
                0,
                SimConfig.defaults()
                        .withBudget(RunBudget.of(3_000_000, 45_000_001))
                        .withStopOnFirstViolation(false),
                Trace.digestOnly());
        List<RegionSpec> regions = DocumentedPlan.regions();
        SplitTracker tracker = new SplitTracker(sim, regions);
        StoreConfig cfg = DocumentedPlan.storeConfig().withWorkerCapacity(4);
        for (String n : PlanTimes.STORES) {
            sim.nodes().add(n, ctx -> new Store(ctx, cfg, SplitMode.BUGGY, tracker, PlanTimes.STORES, regions));
        }
        sim.checks().invariant(new WorkerDelayCheck(sim.view(), PlanTimes.STORES, SplitStallScenario.U2_BOUND_MICROS));
        SplitCluster cluster = new SplitCluster(sim, PlanTimes.STORES, regions, tracker, new ForcedPicks());
        sim.faults().onFault(cluster::applyFault);
        sim.perform(DocumentedPlan.workload(), cluster::perform);
        sim.faults().inject(DocumentedPlan.faults());
        sim.runUntil(40_000_000);
        assertTrue(
                sim.checks().violations().stream().noneMatch(v -> v.invariant().equals(RunBudget.INVARIANT)));
        Store s3 = sim.nodes().node("store-3", Store.class);
        Store s1 = sim.nodes().node("store-1", Store.class);
        assertEquals("store-3/region-worker", s3.applier().blockedOn().orElseThrow());
        assertEquals(4, s3.regionWorker().queued().size());
        assertFalse(s3.regionWorker().held().isEmpty());
        long behind = s1.peer(151).split().applied() - s3.peer(151).split().applied();
        assertTrue(
                behind > 50,
                "store-3 stopped applying region 151, a region with no split: " + behind + " entries behind store-1");
        Violation u2 = sim.checks().violations().stream()
                .filter(v -> v.invariant().equals("U2"))
                .findFirst()
                .orElseThrow();
        assertTrue(u2.message().contains("held for blocked submitters (store-3/applier blocked since"), u2.message());
    }

    /** Before: recovery was queued after an apply once the engine reached the CURRENT meta seq; no watcher, no captured seq. */
    @Test
    void theFixCapturesSeqAtTheRoleChangeAndPollsEvery100ms() {
        List<TraceEvent> t = documented("fixed");
        TraceEvent watch = first(t, "store-3", "watch to recover split (role changed, request seq ");
        long seq = Long.parseLong(watch.detail().replaceAll(".*request seq (\\d+)\\).*", "$1"));
        TraceEvent wait = first(t, "store-3", "wait to recover split");
        assertTrue(wait.detail().contains("request seq " + seq), wait.detail());
        TraceEvent recover = first(t, "store-3", "shard 150:48 recover split");
        TraceEvent applied = first(t, "store-3", "shard 150:48 apply change set flush stage PRE_SPLIT_FLUSH_DONE");
        long appliedSeq = Long.parseLong(applied.detail().replaceAll(".* seq (\\d+)$", "$1"));
        assertTrue(appliedSeq >= seq);
        assertTrue(
                recover.timeMicros() >= applied.timeMicros() && recover.timeMicros() < applied.timeMicros() + 100_000,
                "the watcher sees it within one 100 ms poll");
        assertTrue(
                (recover.timeMicros() - watch.timeMicros()) % 100_000 == 0, "polls every 100 ms from the role change");
        assertTrue(
                first(t, "store-3/region-worker", "recover split 150:48 stage PRE_SPLIT_FLUSH_DONE") != null,
                "queued with the engine stage");
    }

    /** Before: no check stood for #615's panic. */
    @Test
    void aRecoveryHandledInPreSplitIsUsFiveNotACrash() {
        RunResult noDelay = scenario.run(new RunSpec(scenario.name(), "fixed-no-delay", Plans.DOCUMENTED, 0));
        assertTrue(
                noDelay.violations().stream()
                        .anyMatch(v -> v.invariant().equals("U5") && v.message().contains("#615 panics")),
                noDelay.violations().toString());
        RunResult fixed = scenario.run(new RunSpec(scenario.name(), "fixed", Plans.DOCUMENTED, 0));
        assertTrue(fixed.ok());
    }

    /** The two halves of the old 757-line RegionPeer meet only through Replica and RaftReplica.Listener. */
    @Test
    void theSplitDriverSeesTheReplicaOnlyThroughItsInterface() {
        for (Field f : SplitDriver.class.getDeclaredFields()) {
            assertFalse(f.getType() == RaftReplica.class, "SplitDriver." + f.getName());
        }
        for (Field f : RaftReplica.class.getDeclaredFields()) {
            assertFalse(
                    f.getType() == SplitDriver.class
                            || f.getType() == EngineShard.class
                            || f.getType() == ShardMeta.class,
                    "RaftReplica." + f.getName());
        }
    }

    /** The scenario's own aiming rates are gone (aiming is the kernel's): zero in every plan. */
    @Test
    void noPlanKeepsTheOldAimingRates() {
        PlanParams random = PlanParams.random(new SimRandom(1));
        assertEquals(0.0, random.transferInSplitChance());
        assertEquals(0.0, random.crashInSplitChance());
        assertEquals(0.0, PlanParams.swarm(new SimRandom(1)).transferInSplitChance());
        assertEquals(0.0, PlanParams.swarm(new SimRandom(1)).crashInSplitChance());
    }

    @Test
    void theLogAlignmentFindsEveryModelledLineIncludingStore3sChecks() {
        List<LogLine> rows = scenario.presentation().orElseThrow().logAlignment();
        for (LogLine l : rows) {
            assertFalse(l.simLine().equals("no such line"), l.reportTime() + " " + l.reportLine());
        }
        LogLine leader = rows.stream()
                .filter(l -> l.reportLine().equals("store-3 150 became leader at term 7"))
                .findFirst()
                .orElseThrow();
        assertEquals("15.089000s", leader.simTime());
        assertTrue(rows.stream()
                .anyMatch(l ->
                        l.reportTime().equals("09:24.881") && l.simLine().endsWith("wrong split stage PRE_SPLIT")));
        assertFalse(scenario.presentation().orElseThrow().fidelity().isEmpty());
    }
}
