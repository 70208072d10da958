package shardsim.scenarios.splitstall.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.net.LinkPolicy;
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

    /**
     * Every message between the healthy pair is lost from 1.5 s until {@code lossEndsMicros}, behind
     * the fault accounting (the link's own loss, which a run at 2% loss draws now and then): each
     * candidate's lost pre-vote costs it an election timeout, and each buys the region one more.
     */
    private static Simulation votesLostUntil(long lossEndsMicros, boolean[] leaderlessAtW) {
        Simulation sim = world(FaultPlan.builder()
                .at(2_000_000, new NodeFault.Crash("store-2"))
                .build());
        LinkPolicy normal = sim.network().defaultPolicy();
        LinkPolicy lossy = new LinkPolicy(1.0, 0, normal.delay(), normal.capacity());
        sim.at(1_500_000, "lose every message between store-1 and store-3", () -> {
            sim.network().setPolicy("store-1", "store-3", lossy);
            sim.network().setPolicy("store-3", "store-1", lossy);
        });
        if (lossEndsMicros < END_MICROS) {
            sim.at(lossEndsMicros, "the link loses nothing again", () -> {
                sim.network().setPolicy("store-1", "store-3", normal);
                sim.network().setPolicy("store-3", "store-1", normal);
            });
        }
        long windowMicros = 3 * StoreConfig.defaults().electionMaxMicros()
                + 2 * StoreConfig.defaults().heartbeatMicros();
        sim.at(2_100_000 + windowMicros, "is there a leader one window after the crash?", () -> {
            boolean any = false;
            for (String name : List.of("store-1", "store-3")) {
                any |= sim.nodes().node(name, Store.class).peer(150).raft().isLeader();
            }
            leaderlessAtW[0] = !any;
        });
        return sim;
    }

    @Test
    void lostVotesBuyTheRegionTimeToElect() {
        boolean[] leaderlessAtW = new boolean[1];
        Simulation sim = votesLostUntil(10_500_000, leaderlessAtW);
        assertEquals(List.of(), run(sim));
        assertTrue(leaderlessAtW[0], "the region was still leaderless one window after the crash");
        assertTrue(
                sim.nodes().node("store-1", Store.class).peer(150).raft().term() > 6,
                "the pair elected a leader once its link stopped losing");
    }

    @Test
    void lostVotesBuyAtMostFourTimeouts() {
        List<Violation> v = run(votesLostUntil(END_MICROS, new boolean[1]));
        assertEquals(
                List.of("U12"), v.stream().map(Violation::invariant).distinct().toList(), v::toString);
        assertTrue(
                v.get(0).message().contains("4 of its election messages lost"),
                v.get(0).message());
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
