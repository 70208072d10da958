package shardsim.scenarios.splitstall.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.worker.Task;
import shardsim.scenarios.splitstall.model.SplitCluster;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.PlanTimes;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.SplitOperation;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * U6, U7 and U8 on a small world of one region with steady writes and no fault: both hold when nothing
 * interferes, and each fires when the test takes progress away from outside, unseen by the kernel's
 * fault accounting (a cut the check cannot excuse), as a broken model would.
 */
class ProgressChecksTest {
    private static final long END_MICROS = 20_000_000;
    private static final List<RegionSpec> REGIONS = List.of(new RegionSpec(150, 48, 6, "store-2", 12_000_000));

    /** A world and its workload driver, for the tests that perform operations through it. */
    private record Built(Simulation sim, SplitCluster cluster) {}

    private static Simulation world() {
        return build().sim();
    }

    private static Built build() {
        Simulation sim = new Simulation(3, SimConfig.defaults().withStopOnFirstViolation(false), Trace.digestOnly());
        SplitTracker tracker = new SplitTracker(sim, REGIONS);
        StoreConfig cfg = StoreConfig.defaults();
        for (String name : PlanTimes.STORES) {
            sim.nodes().add(name, ctx -> new Store(ctx, cfg, SplitMode.FIXED, tracker, PlanTimes.STORES, REGIONS));
        }
        TailTimes tail = TailTimes.of(cfg);
        ProgressCheck progress = new ProgressCheck(sim.view(), PlanTimes.STORES, List.of(150L), END_MICROS, tail);
        sim.checks().invariant(progress);
        sim.checks().validation(shardsim.core.check.Invariant.of(SplitChecks.U6, progress::judge));
        sim.checks().invariant(new SplitOnSizeCheck(sim.view(), PlanTimes.STORES, REGIONS, cfg, tail));
        ForcedPicks forced = new ForcedPicks();
        sim.checks().invariant(new SplitStartCheck(sim.view(), PlanTimes.STORES, REGIONS, cfg, forced));
        SplitCluster cluster = new SplitCluster(sim, PlanTimes.STORES, REGIONS, tracker, forced);
        for (long at = 200_000; at < END_MICROS; at += 200_000) {
            sim.at(at, "write", () -> cluster.perform(new SplitOperation.Write(150, 500_000)));
        }
        return new Built(sim, cluster);
    }

    private static List<String> invariants(Simulation sim) {
        sim.runUntil(END_MICROS);
        sim.finish();
        return sim.checks().violations().stream().map(Violation::invariant).toList();
    }

    @Test
    void bothHoldWhenNothingInterferes() {
        Simulation sim = world();
        List<String> broken = invariants(sim);
        assertEquals(List.of(), broken, () -> sim.checks().violations().toString());
        Store leader = sim.nodes().node("store-2", Store.class);
        assertTrue(leader.peer(150).split().meta().shardVer() > 48, "the region grew past the split size and split");
        assertTrue(leader.peer(150).raft().commitIndex() > 50, "writes committed");
        AppliedSize size = new AppliedSize(PlanTimes.STORES, REGIONS);
        for (int s = 0; s < PlanTimes.STORES.size(); s++) {
            Store store = sim.nodes().node(PlanTimes.STORES.get(s), Store.class);
            size.follow(s, store);
            assertEquals(
                    store.peer(150).split().sizeBytes(),
                    size.bytes(s, 0),
                    "U7's own count of the size agrees with the model's on " + store);
        }
    }

    /**
     * The followers' responses never reach store-2, the leader, a cut the kernel does not count as a
     * fault. With check quorum store-2 steps down, store-1 and store-3 elect a leader and commit, and
     * store-2, whose rejections of the new leader's appends are lost too, never catches up: U6 sees a
     * store that has not applied what was committed.
     */
    @Test
    void u6FiresWhenAStoreCannotAcknowledge() {
        Simulation sim = world();
        sim.runUntil(1_000_000);
        sim.network().partitionOneWay("store-1", "store-2");
        sim.network().partitionOneWay("store-3", "store-2");
        List<String> broken = invariants(sim);
        assertEquals(List.of("U6"), broken, () -> sim.checks().violations().toString());
        assertTrue(
                sim.checks().violations().get(0).message().startsWith("region 150: store-2 has applied up to"),
                sim.checks().violations().get(0).message());
    }

    @Test
    void u7FiresWhenTheLeadersSplitCheckerNeverRuns() {
        Simulation sim = world();
        sim.at(
                500_000,
                "hold the split checker",
                () -> sim.nodes()
                        .node("store-2", Store.class)
                        .splitChecker()
                        .submit(Task.waitingFor("test: hold", "test: never", () -> false, 100_000, 0, () -> {})));
        List<String> broken = invariants(sim);
        assertEquals(List.of("U7"), broken, () -> sim.checks().violations().toString());
        assertTrue(
                sim.checks().violations().get(0).message().contains("no split has started"),
                sim.checks().violations().get(0).message());
    }

    /** A split started at 12.5 MB (below the 16 MB split size) that no workload pick explains, as a model that miscounts its size would start. */
    @Test
    void u8FiresOnASplitBelowTheSizeThatNoPickExplains() {
        Simulation sim = world();
        sim.at(
                500_000,
                "split below the size, behind the workload's back",
                () -> sim.nodes().node("store-2", Store.class).splitRegionByChecker(150));
        List<String> broken = invariants(sim);
        assertEquals(List.of("U8"), broken, () -> sim.checks().violations().toString());
        assertTrue(
                sim.checks().violations().get(0).message().contains("below the split size 16000000"),
                sim.checks().violations().get(0).message());
    }

    /** The same split, picked by the workload: U8 excuses it, and the region still splits. */
    @Test
    void u8ExcusesTheWorkloadsSplitCheckerPick() {
        Built w = build();
        Simulation sim = w.sim();
        sim.at(
                500_000,
                "the workload's pick",
                () -> w.cluster().perform(new SplitOperation.SplitCheck(150, "store-2")));
        List<String> broken = invariants(sim);
        assertEquals(List.of(), broken, () -> sim.checks().violations().toString());
        assertTrue(
                sim.nodes()
                                .node("store-2", Store.class)
                                .peer(150)
                                .split()
                                .meta()
                                .shardVer()
                        > 48,
                "the region split");
    }
}
