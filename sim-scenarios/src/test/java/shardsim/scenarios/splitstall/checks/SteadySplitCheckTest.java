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
 * U13 on a world of one region led by store-2, whose split checker picks it at 3 s: with no leader
 * change the split finishes and U13 holds; a flush that never comes while store-2 keeps leading
 * (slowed behind the kernel's fault accounting, as a model that lost its pre-split flush would look
 * from outside) leaves the split unfinished and U13 fires; the same stall behind a leader transfer
 * is the fix's gap (U3), not U13's.
 */
class SteadySplitCheckTest {
    private static final long REGION = 150;
    private static final long END_MICROS = 25_000_000;
    private static final List<RegionSpec> REGIONS = List.of(new RegionSpec(REGION, 48, 6, "store-2", 4_000_000));

    private record World(Simulation sim, SplitTracker tracker) {}

    private static World world(FaultPlan faults) {
        Simulation sim = new Simulation(5, SimConfig.defaults().withStopOnFirstViolation(false), Trace.digestOnly());
        SplitTracker tracker = new SplitTracker(sim, REGIONS);
        StoreConfig cfg = StoreConfig.defaults();
        for (String name : PlanTimes.STORES) {
            sim.nodes().add(name, ctx -> new Store(ctx, cfg, SplitMode.FIXED, tracker, PlanTimes.STORES, REGIONS));
        }
        SteadySplitCheck check = new SteadySplitCheck(sim.view(), PlanTimes.STORES, tracker);
        sim.checks().validation(Invariant.of(SplitChecks.U13, check::judge));
        SplitCluster cluster = new SplitCluster(sim, PlanTimes.STORES, REGIONS, tracker, new ForcedPicks());
        sim.faults().onFault(cluster::applyFault);
        for (long at = 200_000; at < 6_000_000; at += 200_000) {
            sim.at(at, "write", () -> cluster.perform(new SplitOperation.Write(REGION, 100_000)));
        }
        sim.at(3_000_000, "split check", () -> cluster.perform(new SplitOperation.SplitCheck(REGION, "store-2")));
        sim.faults().inject(faults);
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

    /** Every flush on every store from 2.9 s on takes 60 s longer: the pre-split flush outlasts the run. */
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

    @Test
    void aSplitWithNoLeaderChangeFinishes() {
        World w = world(FaultPlan.builder().build());
        assertEquals(List.of(), run(w));
        assertEquals(1, w.tracker().started());
        assertEquals(1, w.tracker().finished());
    }

    @Test
    void u13FiresWhenTheProposerKeepsLeadingAndTheSplitStalls() {
        World w = world(FaultPlan.builder().build());
        stallFlushes(w);
        assertEquals(List.of("U13"), run(w));
        assertEquals(1, w.tracker().started());
        assertEquals(0, w.tracker().finished());
        String message = w.sim().checks().violations().get(0).message();
        assertTrue(message.startsWith("split of region 150 at epoch 48"), message);
        assertTrue(message.contains("store-2 has led it since proposing its pre-split"), message);
    }

    /** A leader change after the PRE_SPLIT is what the fix's gap needs: U13 leaves that split to U3. */
    @Test
    void aLeaderChangeAfterThePreSplitIsLeftToU3() {
        World w = world(FaultPlan.builder()
                .at(3_500_000, new SplitFaults.TransferLeader(REGION, "store-1"))
                .build());
        stallFlushes(w);
        assertEquals(List.of(), run(w));
        assertEquals(1, w.tracker().started());
        assertEquals(0, w.tracker().finished());
        var raft = w.sim().nodes().node("store-1", Store.class).peer(REGION).raft();
        assertTrue(raft.isLeader() && raft.term() > 6, "store-1 took over in a later term than the pre-split's");
    }
}
