package shardsim.scenarios.dropafterclone.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.node.Disk;
import shardsim.core.node.Envelope;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.FinishTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.Status;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskType;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;
import shardsim.scenarios.dropafterclone.model.TabletStore;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;

/**
 * D8 and D9 on hand-made runs: at 45 s the FE's catalog is changed by hand, as a mutated
 * ReportHandler would, with the BE's copy present or gone; the D9 excuse is given by a clone finish
 * carrying a report version that the observer sees sent and never delivered. And the fixed mode's
 * targeted seed 2309, where Doris's own gap shows, breaks D9 alone.
 */
class DropAfterCloneReportedLossTest {
    private static final long SECOND = DorisConfig.SECOND;
    private static final long BREAK_AT = 45 * SECOND;
    private static final long TABLET = 11415;

    private record World(Simulation sim, DorisCluster cluster, DorisChecks checks) {}

    private static World world(List<String> backends) {
        Simulation sim = ThreeBackends.simulation(5);
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(TABLET, backends);
        DorisCluster cluster = ThreeBackends.cluster(sim, placement);
        DorisChecks checks = DorisChecks.register(cluster, 60 * SECOND, 0, ThreeBackends.END_MICROS, 20 * SECOND);
        return new World(sim, cluster, checks);
    }

    /** Runs {@code world} with {@code change} applied at 45 s, to the end. */
    private static Simulation run(World w, Consumer<World> change) {
        w.sim().at(BREAK_AT, "change the catalog", () -> change.accept(w));
        ThreeBackends.runToEnd(w.sim());
        return w.sim();
    }

    private static void setBad(World w, long replicaId) {
        Disk fe = w.sim().nodes().disk(DorisCluster.FE);
        TabletMeta meta = Catalog.tablet(fe, TABLET);
        Catalog.put(fe, meta.replaced(meta.replica(replicaId).asBad()));
    }

    private static Envelope finish(String backend, long replicaId, long reportVersion) {
        return finish(backend, TABLET, replicaId, reportVersion);
    }

    private static Envelope finish(String backend, long tabletId, long replicaId, long reportVersion) {
        FinishTask f = new FinishTask(backend, TaskType.CLONE, tabletId, replicaId, Status.OK, "full", reportVersion);
        return new Envelope(1, backend, DorisCluster.FE, f, 0, false, 0);
    }

    private static Violation first(Simulation sim) {
        assertFalse(sim.checks().violations().isEmpty(), "no violation");
        return sim.checks().violations().get(0);
    }

    @Test
    void aHealthyRunHoldsD8AndD9() {
        Simulation one = run(world(List.of("be1")), w -> {});
        assertTrue(one.checks().ok(), () -> one.checks().violations().toString());
        Simulation two = run(world(List.of("be1", "be2")), w -> {});
        assertTrue(two.checks().ok(), () -> two.checks().violations().toString());
    }

    @Test
    void settingABadReplicaWhoseCopyIsPresentBreaksD8() {
        Simulation sim = run(world(List.of("be1")), w -> setBad(w, 500));
        Violation v = first(sim);
        assertEquals("D8", v.invariant(), () -> sim.checks().violations().toString());
        assertEquals(BREAK_AT, v.timeMicros());
        assertTrue(
                v.message().contains("replica 500 of tablet 11415 on be1 was set bad by the FE while be1 holds a copy"),
                v::message);
    }

    @Test
    void deletingANormalReplicaWhoseCopyIsPresentBreaksD8() {
        Simulation sim = run(world(List.of("be1", "be2")), w -> {
            Disk fe = w.sim().nodes().disk(DorisCluster.FE);
            Catalog.put(fe, Catalog.tablet(fe, TABLET).without(501));
        });
        Violation v = first(sim);
        assertEquals("D8", v.invariant(), () -> sim.checks().violations().toString());
        assertTrue(
                v.message()
                        .contains(
                                "replica 501 of tablet 11415 on be2 was deleted from the FE's catalog while be2 holds a copy"),
                v::message);
    }

    /** The copy gone first (D1 says so), the FE may set the replica bad: D8 holds. */
    @Test
    void settingABadReplicaWhoseCopyIsGoneHoldsD8() {
        Simulation sim = run(world(List.of("be1", "be2")), w -> {
            w.sim().nodes().disk("be1").deleteDurable(TabletStore.key(TABLET));
            setBad(w, 500);
        });
        List<String> broken = ThreeBackends.violated(sim);
        assertTrue(broken.contains("D1"), broken::toString);
        assertFalse(broken.contains("D8"), broken::toString);
        assertFalse(broken.contains("D9"), broken::toString);
    }

    /** A version-carrying finish be1 sent that never reached the FE excuses the bad-marking: D9, not D8. */
    @Test
    void aLostVersionCarryingFinishExcusesItAsD9() {
        World w = world(List.of("be1"));
        ReportedLoss loss = w.checks().reportedLoss();
        w.sim().at(40 * SECOND, "be1 sends a finish that is lost", () -> loss.sent(finish("be1", 500, 7)));
        Simulation sim = run(w, x -> setBad(x, 500));
        Violation v = first(sim);
        assertEquals("D9", v.invariant(), () -> sim.checks().violations().toString());
        assertTrue(v.message().contains("report version 7 from be1 has not reached this FE"), v::message);
        assertFalse(
                ThreeBackends.violated(sim).contains("D8"),
                () -> sim.checks().violations().toString());
        assertTrue(new DropAfterCloneScenario().claims().of("fixed").isGap("D9"));
        assertFalse(new DropAfterCloneScenario().claims().of("fixed").isGap("D8"));
    }

    /**
     * The excuse ends once the running FE receives the version while its AgentTaskQueue holds a
     * CLONE of that tablet to that BE (MasterImpl.finishTask then reaches finishClone), whatever
     * replica the finish names, and only then.
     */
    @Test
    void aFinishTheFeMatchesEndsTheExcuse() {
        World w = world(List.of("be1"));
        ReportedLoss loss = w.checks().reportedLoss();
        long[] unreceived = new long[3];
        w.sim().at(40 * SECOND, "a move, and finishes seen by the observer", () -> {
            Frontend fe = w.sim().nodes().node(DorisCluster.FE, Frontend.class);
            fe.balance(TABLET, "be2");
            Frontend.Move m = fe.scheduledMoves().get(0);
            loss.sent(finish("be2", m.replicaId(), 9));
            unreceived[0] = loss.unreceived("be2");
            // Delivered, but for a tablet whose CLONE the FE's queue does not hold for be2: not received.
            loss.delivered(finish("be2", TABLET + 1, m.replicaId(), 9), false);
            unreceived[1] = loss.unreceived("be2");
            // Another replica of the queued tablet: MasterImpl.finishTask finds the task by its signature, so received.
            loss.delivered(finish("be2", m.replicaId() + 1, 9), false);
            unreceived[2] = loss.unreceived("be2");
        });
        ThreeBackends.runToEnd(w.sim());
        assertEquals(9, unreceived[0]);
        assertEquals(9, unreceived[1]);
        assertEquals(0, unreceived[2]);
        assertEquals(0, loss.unreceived("be1"));
    }

    @Test
    void aFinishedMovesSourceIsNoLoss() {
        Frontend.Move move = new Frontend.Move(TABLET, 502, "be1", "be2", 0, null);
        TabletMeta was = new TabletMeta(
                TABLET,
                1,
                List.of(new Replica(500, "be1", Replica.State.NORMAL), new Replica(502, "be2", Replica.State.CLONE)));
        TabletMeta finished = new TabletMeta(TABLET, 1, List.of(new Replica(502, "be2", Replica.State.NORMAL)));
        Replica src = was.replica(500);
        assertNull(ReportedLoss.lossOf(src, was, finished, move));
        // Deleted without the move finishing, or with no move, or with another source: a loss.
        TabletMeta deleted = new TabletMeta(TABLET, 1, List.of(new Replica(502, "be2", Replica.State.CLONE)));
        assertEquals("deleted from the FE's catalog", ReportedLoss.lossOf(src, was, deleted, move));
        assertEquals("deleted from the FE's catalog", ReportedLoss.lossOf(src, was, finished, null));
        assertEquals(
                "deleted from the FE's catalog",
                ReportedLoss.lossOf(src, was, finished, new Frontend.Move(TABLET, 502, "be3", "be2", 0, null)));
        // A CLONE replica is never judged; a replica already bad is not set bad again.
        assertNull(ReportedLoss.lossOf(was.replica(502), was, finished, move));
        TabletMeta bad = was.replaced(src.asBad());
        assertEquals("set bad by the FE", ReportedLoss.lossOf(src, was, bad, null));
        assertNull(ReportedLoss.lossOf(bad.replica(500), bad, bad.replaced(bad.replica(500)), null));
    }

    /**
     * Targeted seed 2309 of the fixed mode (the smallest targeted seed of 0..9999 that shows D9 since
     * issue 39; random seed 3356, the example before it, now holds): a CLONE the FE resent reaches
     * be10003 after the FE gave that move up, runs as a full clone and raises the report version, and
     * its finish finds no task (MasterImpl.finishTask returns before finishClone); the next move's
     * clone misses no version and carries none; a tablet report taken before the full clone, handled
     * late from the FIFO report queue, sets the only replica bad.
     */
    @Test
    void fixedTargetedSeed2309ShowsTheResidualGapOnly() {
        DropAfterCloneScenario scenario = new DropAfterCloneScenario();
        assertTrue(scenario.run(new RunSpec(scenario.name(), "fixed", "random", 3356))
                .ok());
        RunResult r = scenario.run(new RunSpec(scenario.name(), "fixed", "targeted", 2309));
        assertEquals(1, r.violations().size(), () -> r.violations().toString());
        Violation v = r.violations().get(0);
        assertEquals("D9", v.invariant());
        assertTrue(
                shardsim.core.scenario.Verdict.of(scenario, r).claimsHold(),
                "D9 is a gap of fixed, not a broken claim");
        assertTrue(v.message().contains("was set bad by the FE"), v::message);
    }
}
