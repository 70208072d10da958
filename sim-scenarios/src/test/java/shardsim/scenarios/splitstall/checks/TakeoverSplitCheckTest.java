package shardsim.scenarios.splitstall.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Invariant;
import shardsim.core.check.Violation;
import shardsim.core.fault.FaultPlan;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.scenarios.splitstall.model.SplitCluster;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.PlanTimes;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitFaults;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.SplitOperation;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * U14 on a world of one region led by store-2, whose split checker picks it at 3 s; leadership moves
 * to store-1 at {@value #TRANSFER_MICROS} us, after store-1 has applied the PRE_SPLIT and holds the
 * mem-table switched for it. The fixed mode's new leader recovers the split and U14 holds; when every
 * flush is slowed past the end of the run (behind the kernel's fault accounting, as a new leader that
 * never makes its re-flush would look from outside), the split stays unfinished and U14 fires.
 */
class TakeoverSplitCheckTest {
    private static final long REGION = 150;
    private static final long END_MICROS = 25_000_000;
    private static final long TRANSFER_MICROS = 3_700_000;
    private static final List<RegionSpec> REGIONS = List.of(new RegionSpec(REGION, 48, 6, "store-2", 4_000_000));

    private record World(Simulation sim, SplitTracker tracker) {}

    private static World world(SplitMode mode) {
        Simulation sim = new Simulation(5, SimConfig.defaults().withStopOnFirstViolation(false), Trace.digestOnly());
        SplitTracker tracker = new SplitTracker(sim, REGIONS);
        StoreConfig cfg = StoreConfig.defaults();
        for (String name : PlanTimes.STORES) {
            sim.nodes().add(name, ctx -> new Store(ctx, cfg, mode, tracker, PlanTimes.STORES, REGIONS));
        }
        TakeoverSplitCheck check = new TakeoverSplitCheck(sim.view(), PlanTimes.STORES, List.of(REGION), tracker);
        sim.checks().invariant(check);
        sim.checks().validation(Invariant.of(SplitChecks.U14, check::judge));
        SplitCluster cluster = new SplitCluster(sim, PlanTimes.STORES, REGIONS, tracker, new ForcedPicks());
        sim.faults().onFault(cluster::applyFault);
        for (long at = 200_000; at < 6_000_000; at += 200_000) {
            sim.at(at, "write", () -> cluster.perform(new SplitOperation.Write(REGION, 100_000)));
        }
        sim.at(3_000_000, "split check", () -> cluster.perform(new SplitOperation.SplitCheck(REGION, "store-2")));
        sim.faults()
                .inject(FaultPlan.builder()
                        .at(TRANSFER_MICROS, new SplitFaults.TransferLeader(REGION, "store-1"))
                        .build());
        return new World(sim, tracker);
    }

    private static List<String> run(World w) {
        w.sim().runUntil(END_MICROS);
        w.sim().finish();
        return w.sim().checks().violations().stream()
                .map(Violation::invariant)
                .distinct()
                .toList();
    }

    private static void stallFlushes(World w) {
        for (long at = 2_900_000; at < END_MICROS; at += 100_000) {
            w.sim().at(at, "slow the stores' flushes behind the fault accounting", () -> {
                for (String name : PlanTimes.STORES) {
                    Store s = w.sim().nodes().node(name, Store.class);
                    if (s != null) {
                        s.slowNextFlush(60_000_000);
                    }
                }
            });
        }
    }

    private static void assertStore1TookOver(World w) {
        var raft = w.sim().nodes().node("store-1", Store.class).peer(REGION).raft();
        assertTrue(raft.isLeader() && raft.term() > 6, "store-1 took the region over");
    }

    @Test
    void theNewLeaderRecoversTheSplitItTookOver() {
        World w = world(SplitMode.FIXED);
        assertEquals(List.of(), run(w));
        assertStore1TookOver(w);
        assertEquals(1, w.tracker().started());
        assertEquals(1, w.tracker().finished());
    }

    @Test
    void u14FiresWhenTheNewLeaderNeverFlushes() {
        World w = world(SplitMode.FIXED);
        stallFlushes(w);
        assertEquals(List.of("U14"), run(w));
        assertStore1TookOver(w);
        assertEquals(0, w.tracker().finished());
        String message = w.sim().checks().violations().get(0).message();
        assertTrue(message.startsWith("split of region 150 at epoch 48"), message);
        assertTrue(message.contains("store-1 took the region over"), message);
    }
}
