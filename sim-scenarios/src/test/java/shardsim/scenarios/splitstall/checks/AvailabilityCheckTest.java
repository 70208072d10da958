package shardsim.scenarios.splitstall.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.scenarios.splitstall.model.RaftReplica;
import shardsim.scenarios.splitstall.model.SplitCluster;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.PlanTimes;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.SplitOperation;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * U12 on a world of one region led by store-2: the region rides out a crash of its leader and a
 * partition of one follower (Raft elects and commits with two of three), and U12 fires when the two
 * stores it believes healthy cannot in fact talk (a cut made behind the kernel's fault accounting, as
 * a model that lost availability would look from outside).
 */
class AvailabilityCheckTest {
    private static final long END_MICROS = 25_000_000;
    private static final List<RegionSpec> REGIONS = List.of(new RegionSpec(150, 48, 6, "store-2", 4_000_000));

    private static Simulation world(FaultPlan faults) {
        return world(faults, END_MICROS);
    }

    private static Simulation world(FaultPlan faults, long writesUntilMicros) {
        Simulation sim = new Simulation(5, SimConfig.defaults().withStopOnFirstViolation(false), Trace.digestOnly());
        SplitTracker tracker = new SplitTracker(sim, REGIONS);
        StoreConfig cfg = StoreConfig.defaults();
        for (String name : PlanTimes.STORES) {
            sim.nodes().add(name, ctx -> new Store(ctx, cfg, SplitMode.FIXED, tracker, PlanTimes.STORES, REGIONS));
        }
        AvailabilityCheck check = new AvailabilityCheck(sim.view(), PlanTimes.STORES, List.of(150L), cfg);
        sim.checks().observe(check);
        sim.checks().invariant(check);
        SplitCluster cluster = new SplitCluster(sim, PlanTimes.STORES, REGIONS, tracker, new ForcedPicks());
        for (long at = 200_000; at < writesUntilMicros; at += 200_000) {
            sim.at(at, "write", () -> cluster.perform(new SplitOperation.Write(150, 100_000)));
        }
        sim.faults().inject(faults);
        return sim;
    }

    private static List<Violation> run(Simulation sim) {
        sim.runUntil(END_MICROS);
        sim.finish();
        return sim.checks().violations();
    }

    @Test
    void aLeaderCrashAndAPartitionedFollowerLeaveTheRegionAvailable() {
        FaultPlan faults = FaultPlan.builder()
                .at(2_000_000, new NodeFault.Crash("store-2"))
                .at(12_000_000, new NodeFault.Restart("store-2"))
                .at(14_000_000, new NetFault.Partition("store-1", "store-3"))
                .build();
        Simulation sim = world(faults);
        assertEquals(List.of(), run(sim));
        Store s1 = sim.nodes().node("store-1", Store.class);
        Store s3 = sim.nodes().node("store-3", Store.class);
        assertTrue(
                s1.peer(150).raft().term() > 6 && s3.peer(150).raft().term() > 6,
                "a new leader was elected while store-2 was down");
    }

    @Test
    void u12FiresWhenTheHealthyPairCannotElect() {
        Simulation sim = world(FaultPlan.builder()
                .at(2_000_000, new NodeFault.Crash("store-2"))
                .build());
        sim.at(
                1_500_000,
                "cut store-1 from store-3 behind the fault accounting",
                () -> sim.network().partition("store-1", "store-3"));
        List<Violation> v = run(sim);
        assertEquals(
                List.of("U12"), v.stream().map(Violation::invariant).distinct().toList(), v::toString);
        assertTrue(
                v.get(0).message().startsWith("region 150 has had no leader since t=2."),
                v.get(0).message());
    }

    /**
     * The mark moves with the leader's log (every entry is judged, not only those of its first
     * sample), so a region that goes quiet after a leader change must still commit its last entry:
     * writes stop at 9 s, after store-2's crash made another store leader; nothing is left uncommitted
     * and U12 holds. A leader that commits an entry only once a later one follows would leave the
     * last write uncommitted here for good (RaftReplica.advanceCommit's quorum count off by one).
     */
    @Test
    void aQuietRegionCommitsItsLastEntry() {
        Simulation sim = world(
                FaultPlan.builder()
                        .at(2_000_000, new NodeFault.Crash("store-2"))
                        .build(),
                9_000_000);
        assertEquals(List.of(), run(sim));
        RaftReplica leader = null;
        for (String name : List.of("store-1", "store-3")) {
            RaftReplica p = sim.nodes().node(name, Store.class).peer(150).raft();
            if (p.isLeader()) {
                leader = p;
            }
        }
        assertTrue(leader != null && leader.term() > 6, "store-1 or store-3 leads after the crash");
        assertEquals(leader.lastIndex(), leader.commitIndex(), "the quiet region's leader committed its last entry");
    }

    @Test
    void aLossyRunIsNotJudged() {
        Simulation sim = world(FaultPlan.builder()
                .at(2_000_000, new NodeFault.Crash("store-2"))
                .build());
        sim.record().param("link.loss", 0.2);
        sim.at(
                1_500_000,
                "cut store-1 from store-3 behind the fault accounting",
                () -> sim.network().partition("store-1", "store-3"));
        assertEquals(List.of(), run(sim));
    }
}
