package shardsim.scenarios.splitstall.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.node.Disk;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.scenarios.splitstall.model.Command;
import shardsim.scenarios.splitstall.model.HardState;
import shardsim.scenarios.splitstall.model.LogEntry;
import shardsim.scenarios.splitstall.model.RaftReplica;
import shardsim.scenarios.splitstall.model.SplitCluster;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.PlanTimes;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.SplitOperation;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * U9, U10 and U11 on a small world of one region (store-2 leads term 6 at boot, every store has voted
 * for it): they hold through crashes, restarts and elections, and each fires on a broken state the
 * test makes from outside (a restart that loads an older term, another vote in the same term, or a
 * changed committed entry; two leaders of one term) or hands the check directly (a disk that does
 * not hold the vote a replica acts on, two stores' entries at one committed index).
 */
class RaftSafetyChecksTest {
    private static final long END_MICROS = 8_000_000;
    private static final long REGION = 150;
    private static final List<RegionSpec> REGIONS = List.of(new RegionSpec(REGION, 48, 6, "store-2", 12_000_000));
    private static final String HARD = RaftReplica.hardKey(REGION);

    private static Simulation world() {
        Simulation sim = new Simulation(3, SimConfig.defaults().withStopOnFirstViolation(false), Trace.digestOnly());
        SplitTracker tracker = new SplitTracker(sim, REGIONS);
        StoreConfig cfg = StoreConfig.defaults();
        for (String name : PlanTimes.STORES) {
            sim.nodes().add(name, ctx -> new Store(ctx, cfg, SplitMode.FIXED, tracker, PlanTimes.STORES, REGIONS));
        }
        RaftSafety.register(sim, PlanTimes.STORES, List.of(REGION));
        SplitCluster cluster = new SplitCluster(sim, PlanTimes.STORES, REGIONS, tracker, new ForcedPicks());
        for (long at = 200_000; at < END_MICROS; at += 200_000) {
            sim.at(at, "write", () -> cluster.perform(new SplitOperation.Write(REGION, 100_000)));
        }
        return sim;
    }

    private static List<String> invariants(Simulation sim) {
        sim.runUntil(END_MICROS);
        return sim.checks().violations().stream().map(Violation::invariant).toList();
    }

    private static RaftReplica raft(Simulation sim, String store) {
        return sim.nodes().node(store, Store.class).peer(REGION).raft();
    }

    /** Store {@code name} goes down at {@code at}, its disk is given {@code hard}, and it restarts 100 ms later. */
    private static void restartWith(Simulation sim, long at, String name, HardState hard) {
        sim.at(at, "crash " + name, () -> sim.nodes().crash(name));
        sim.at(
                at + 50_000,
                "rewrite " + name + "'s hard state",
                () -> sim.nodes().disk(name).putDurable(HARD, hard));
        sim.at(at + 100_000, "restart " + name, () -> sim.nodes().restart(name));
    }

    /** The leader crashes and restarts, then a follower does: elections, votes and reloads, and neither check fires. */
    @Test
    void bothHoldThroughCrashesRestartsAndElections() {
        Simulation sim = world();
        sim.at(1_000_000, "crash leader", () -> sim.nodes().crash("store-2"));
        sim.at(3_000_000, "restart leader", () -> sim.nodes().restart("store-2"));
        sim.at(4_000_000, "crash a follower", () -> sim.nodes().crash("store-1"));
        sim.at(5_000_000, "restart it", () -> sim.nodes().restart("store-1"));
        List<String> broken = invariants(sim);
        assertEquals(List.of(), broken, () -> sim.checks().violations().toString());
        long term = raft(sim, "store-2").term();
        assertTrue(term > 6, "a new leader was elected after the crash (term " + term + ")");
        assertEquals(term, raft(sim, "store-1").term(), "the restarted follower caught up with the term");
    }

    /** A replica that acts on term 6 and its vote for store-2 while its disk holds no vote: a restart would take the vote back. */
    @Test
    void u9FiresWhenTheDiskDoesNotHoldTheVoteTheReplicaActsOn() {
        HardStateCheck check = new HardStateCheck(null, PlanTimes.STORES, List.of(REGION));
        Disk disk = new Disk();
        disk.putDurable(HARD, new HardState(6, "store-2"));
        assertNull(check.judge(0, 0, 6, "store-2", false, disk), "what the disk holds");
        disk.putDurable(HARD, new HardState(6, null));
        String m = check.judge(0, 0, 6, "store-2", false, disk);
        assertTrue(
                m != null
                        && m.contains(
                                "store-1's replica of region 150 acts on term 6 and vote store-2 but its disk holds term 6 and vote null"),
                m);
        assertTrue(
                check.judge(0, 0, 7, "store-1", false, disk).contains("acts on term 7 and vote store-1"),
                "a term the disk does not hold");
        assertTrue(check.judge(0, 0, 6, "store-2", false, new Disk()).contains("its disk holds no hard state"));
    }

    /** store-1 restarts from a disk one term back: its term went back. */
    @Test
    void u9FiresWhenARestartLoadsAnOlderTerm() {
        Simulation sim = world();
        restartWith(sim, 1_000_000, "store-1", new HardState(5, "store-2"));
        List<String> broken = invariants(sim);
        assertEquals(List.of("U9"), broken, () -> sim.checks().violations().toString());
        String m = sim.checks().violations().get(0).message();
        assertTrue(m.contains("(restarted) is at term 5 after term 6: its term went back"), m);
    }

    /** store-1 voted for store-2 in term 6 and restarts having voted for store-3 in term 6: two votes in one term. */
    @Test
    void u9FiresWhenARestartLoadsAnotherVoteInTheSameTerm() {
        Simulation sim = world();
        restartWith(sim, 1_000_000, "store-1", new HardState(6, "store-3"));
        List<String> broken = invariants(sim);
        assertEquals(List.of("U9"), broken, () -> sim.checks().violations().toString());
        String m = sim.checks().violations().get(0).message();
        assertTrue(m.contains("votes for store-3 in term 6, where it had voted for store-2"), m);
    }

    /** A restart that forgets its vote (same term, no vote) breaks nothing by itself: U9 fires only on a second, different vote. */
    @Test
    void u9KeepsTheVoteOfATermWhenARestartForgetsIt() {
        HardStateCheck check = new HardStateCheck(null, PlanTimes.STORES, List.of(REGION));
        assertNull(check.remember(0, 0, 6, "store-2", false));
        assertNull(check.remember(0, 0, 6, null, true), "no vote after a restart is no second vote");
        assertNull(check.remember(0, 0, 6, "store-2", false), "the same vote again");
        String m = check.remember(0, 0, 6, "store-3", false);
        assertTrue(m != null && m.contains("votes for store-3 in term 6, where it had voted for store-2"), m);
        assertNull(check.remember(1, 0, 6, "store-3", false), "another store's vote is its own");
        assertNull(check.remember(0, 0, 7, "store-3", false), "a new term, a new vote");
    }

    /**
     * Both followers restart one term back with no vote while the leader of term 6 is cut off from
     * them: they elect one of themselves in term 6, which store-2 still leads. U9 fires too (their
     * terms went back); U10 names the two leaders.
     */
    @Test
    void u10FiresOnTwoLeadersInOneTerm() {
        Simulation sim = world();
        sim.at(900_000, "cut store-2 off", () -> {
            sim.network().partition("store-2", "store-1");
            sim.network().partition("store-2", "store-3");
        });
        restartWith(sim, 1_000_000, "store-1", new HardState(5, null));
        restartWith(sim, 1_000_000, "store-3", new HardState(5, null));
        List<String> broken = invariants(sim);
        assertTrue(broken.contains("U10"), () -> sim.checks().violations().toString());
        assertTrue(broken.contains("U9"), () -> sim.checks().violations().toString());
        String m = sim.checks().violations().stream()
                .filter(v -> v.invariant().equals("U10"))
                .findFirst()
                .orElseThrow()
                .message();
        assertTrue(m.startsWith("region 150 has two leaders in term 6: store-2 and store-"), m);
    }

    @Test
    void u10RecordsOneLeaderPerRegionAndTerm() {
        LeaderPerTermCheck check = new LeaderPerTermCheck(PlanTimes.STORES, List.of(150L, 151L));
        assertNull(check.leads(1, 0, 6));
        assertNull(check.leads(1, 0, 6), "the same leader seen again");
        assertNull(check.leads(0, 0, 7), "a new term, another leader");
        assertNull(check.leads(0, 1, 6), "another region's term 6");
        assertEquals("region 150 has two leaders in term 6: store-2 and store-3", check.leads(2, 0, 6));
    }

    /** store-1 restarts with its first committed entry (store-2's no-op of term 6) replaced by another: the reloaded log differs at a committed index. */
    @Test
    void u11FiresWhenARestartReloadsAnotherCommittedEntry() {
        Simulation sim = world();
        sim.at(1_000_000, "crash store-1", () -> sim.nodes().crash("store-1"));
        sim.at(
                1_050_000,
                "rewrite its first entry",
                () -> sim.nodes()
                        .disk("store-1")
                        .putDurable("r150/log/0000000001", new LogEntry(5, new Command.Write(1))));
        sim.at(1_100_000, "restart store-1", () -> sim.nodes().restart("store-1"));
        List<String> broken = invariants(sim);
        assertEquals(List.of("U11"), broken, () -> sim.checks().violations().toString());
        String m = sim.checks().violations().get(0).message();
        assertTrue(
                m.startsWith(
                        "store-1's replica of region 150 holds t5 write 1 at committed index 1, where t6 noop was committed"),
                m);
        assertTrue(m.endsWith("(reloaded after a restart)"), m);
    }

    /** store-1 restarts with its log gone: it had known entries committed that its disk no longer holds. */
    @Test
    void u11FiresWhenARestartLosesCommittedEntries() {
        Simulation sim = world();
        sim.at(1_000_000, "crash store-1", () -> sim.nodes().crash("store-1"));
        sim.at(1_050_000, "drop its log", () -> {
            for (String key : sim.nodes().disk("store-1").keys("r150/log/")) {
                sim.nodes().disk("store-1").deleteDurable(key);
            }
        });
        sim.at(1_100_000, "restart store-1", () -> sim.nodes().restart("store-1"));
        sim.runUntil(1_100_000);
        List<String> broken =
                sim.checks().violations().stream().map(Violation::invariant).toList();
        assertEquals(List.of("U11"), broken, () -> sim.checks().violations().toString());
        String m = sim.checks().violations().get(0).message();
        assertTrue(
                m.startsWith(
                        "store-1's replica of region 150 restarted with entries up to 0 but had known entries up to "),
                m);
    }

    @Test
    void u11ComparesEveryStoresEntryAtACommittedIndex() {
        LogSafetyCheck check = new LogSafetyCheck(PlanTimes.STORES, List.of(150L, 151L));
        LogEntry noOp = new LogEntry(6, new Command.NoOp());
        assertNull(check.committedAt(1, 0, 1, noOp));
        assertNull(check.committedAt(0, 0, 1, new LogEntry(6, new Command.NoOp())), "an equal entry");
        assertNull(check.committedAt(0, 1, 1, new LogEntry(7, new Command.NoOp())), "another region's index 1");
        assertEquals(
                "store-3's replica of region 150 holds t7 noop at committed index 1, where t6 noop was committed",
                check.committedAt(2, 0, 1, new LogEntry(7, new Command.NoOp())));
        assertTrue(
                check.committedAt(2, 0, 1, new LogEntry(6, new Command.Write(5)))
                        .contains("holds t6 write 5 at committed index 1"),
                "same term, another command");
    }
}
