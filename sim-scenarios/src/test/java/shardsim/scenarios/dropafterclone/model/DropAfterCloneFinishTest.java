package shardsim.scenarios.dropafterclone.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.NetFault;
import shardsim.core.net.Delay;
import shardsim.core.node.Envelope;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.CloneTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.DropTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.FinishTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.ReportedTablet;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.Status;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TabletReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskType;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisMode;

/**
 * Issue 39's BE and FE mechanics, each on a hand-made cluster (reports far off, messages handed to
 * the nodes directly): the finish is a call tried three times a second apart, the task info goes
 * only after it, the clone pool has clone_worker_count threads, the report queue is a plain FIFO,
 * and the FE takes a clone finish's report version whenever its AgentTaskQueue holds the task.
 */
class DropAfterCloneFinishTest {
    private static final long SECOND = DorisConfig.SECOND;
    private static final long TABLET = 11415;
    private long envelopeId = 2_000;

    private record World(Simulation sim, DorisCluster cluster) {
        Backend be(String name) {
            return sim.nodes().node(name, Backend.class);
        }

        Frontend fe() {
            return sim.nodes().node(DorisCluster.FE, Frontend.class);
        }

        /** The trace events of {@code actor} whose text contains {@code fragment}. */
        List<TraceEvent> events(String actor, String fragment) {
            List<TraceEvent> out = new ArrayList<>();
            for (TraceEvent e : sim.record().trace().events()) {
                if (e.actor().equals(actor) && e.detail().contains(fragment)) {
                    out.add(e);
                }
            }
            return out;
        }
    }

    /** {@code tablets} single-replica tablets from 11415 on be1; clones download for 5 s. */
    private static World world(int tablets) {
        Simulation sim = new Simulation(11, SimConfig.defaults().withStopOnFirstViolation(false), Trace.full());
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        for (int i = 0; i < tablets; i++) {
            placement.put(TABLET + i, List.of("be1"));
        }
        Map<String, Long> phases = new LinkedHashMap<>();
        for (String be : List.of("be1", "be2", "be3")) {
            phases.put(be, 50 * SECOND);
        }
        DorisConfig config = new DorisConfig(
                60 * SECOND,
                10 * SECOND,
                new Delay.Fixed(5_000),
                new Delay.Fixed(2_000),
                new Delay.Fixed(65),
                new Delay.Fixed(5 * SECOND),
                new Delay.Fixed(1_000),
                10 * SECOND,
                180 * SECOND,
                100);
        DorisCluster cluster = new DorisCluster(
                sim, config, DorisMode.forMode("fixed"), List.of("be1", "be2", "be3"), placement, phases, 100);
        sim.runUntil(0);
        return new World(sim, cluster);
    }

    private void deliver(World w, String from, String to, AgentProtocol m) {
        Envelope env = new Envelope(envelopeId++, from, to, m, m instanceof FinishTask ? envelopeId : 0, false, 0);
        if (to.equals(DorisCluster.FE)) {
            w.fe().onMessage(env);
        } else {
            w.be(to).onMessage(env);
        }
    }

    private static int sends(World w, String fragment) {
        int n = 0;
        for (TraceEvent e : w.sim().record().trace().events()) {
            n += e.kind() == TraceKind.SEND && e.detail().contains(fragment) ? 1 : 0;
        }
        return n;
    }

    @Test
    void anUnansweredFinishIsTriedThreeTimesASecondApartAndTheTaskInfoGoesOnlyThen() {
        World w = world(1);
        w.sim().faults().apply(new NetFault.Partition("be2", DorisCluster.FE));
        deliver(w, DorisCluster.FE, "be2", new DropTask(TABLET, 0));
        w.sim().runUntil(10 * SECOND);
        // Mid-retry: still registered, so the task report lists it and a duplicate is refused.
        assertTrue(w.be("be2").registered(TaskType.DROP, TABLET));
        deliver(w, DorisCluster.FE, "be2", new DropTask(TABLET, 0));
        assertFalse(w.events("be2", "fail to register task. type=DROP, signature=11415")
                .isEmpty());
        w.sim().runUntil(60 * SECOND);
        assertEquals(3, sends(w, "be2->fe finishTask DROP tablet=11415"), "three tries");
        List<TraceEvent> failed = w.events("be2", "finish task failed. type=DROP, signature=11415");
        assertEquals(3, failed.size());
        // Each try waits the RPC timeout (5 s) and then a second: tries at 0, 6 and 12 s (plus the pool's 1 ms).
        assertEquals(6 * SECOND, failed.get(1).timeMicros() - failed.get(0).timeMicros());
        assertEquals(6 * SECOND, failed.get(2).timeMicros() - failed.get(1).timeMicros());
        List<TraceEvent> removed = w.events("be2", "remove task info. type=DROP, signature=11415");
        assertEquals(1, removed.size());
        assertEquals(
                SECOND,
                removed.get(0).timeMicros() - failed.get(2).timeMicros(),
                "the last failed try sleeps a second too");
        assertFalse(w.be("be2").registered(TaskType.DROP, TABLET));
    }

    @Test
    void anAnsweredFinishIsSentOnceAndTheTaskInfoGoesWhenTheAnswerArrives() {
        World w = world(1);
        deliver(w, DorisCluster.FE, "be2", new DropTask(TABLET, 0));
        w.sim().runUntil(SECOND);
        assertEquals(1, sends(w, "be2->fe finishTask DROP tablet=11415"));
        assertEquals(1, sends(w, "fe->be2 finishTask result DROP tablet=11415"));
        TraceEvent answer =
                w.events("fe", "finishTask result DROP tablet=11415").get(0);
        TraceEvent removed =
                w.events("be2", "remove task info. type=DROP, signature=11415").get(0);
        assertTrue(removed.timeMicros() > answer.timeMicros(), "the BE forgets the task after the FE answered");
    }

    @Test
    void theClonePoolRunsThreeClonesAtOnceAndTheFourthWaitsForAThread() {
        World w = world(4);
        for (int i = 0; i < 4; i++) {
            deliver(w, DorisCluster.FE, "be2", new CloneTask(TABLET + i, 200 + i, "be1"));
        }
        w.sim().runUntil(SECOND);
        assertEquals(3, w.events("be2", "get clone task.").size(), "clone_worker_count threads");
        assertTrue(w.events("be2", "get clone task. signature:11418").isEmpty());
        w.sim().runUntil(10 * SECOND);
        TraceEvent fourth = w.events("be2", "get clone task. signature:11418").get(0);
        TraceEvent firstFreed = w.events("be2", "remove task info. type=CLONE").get(0);
        assertEquals(
                firstFreed.timeMicros() + 65,
                fourth.timeMicros(),
                "taken (after its 65 µs pickup) once a thread's clone and finish returned");
    }

    @Test
    void twoReportsOfOneBeWaitInTheFifoAndBothAreHandled() {
        World w = world(1);
        deliver(w, "be2", DorisCluster.FE, new TabletReport("be2", 0, 0, List.of()));
        deliver(w, "be2", DorisCluster.FE, new TabletReport("be2", 1, 0, List.of()));
        w.sim().runUntil(SECOND);
        assertEquals(2, w.events(DorisCluster.FE, "handle tablet report of be2").size());
    }

    @Test
    void theFeTakesTheReportVersionOfAQueuedClonesFinishEvenWhenNoMoveMatchesIt() {
        World w = world(1);
        w.fe().balance(TABLET, "be2");
        long replica = w.fe().scheduledMoves().get(0).replicaId();
        // A finish naming another replica of the queued CLONE (a late finish of an earlier move's clone, say).
        deliver(
                w,
                "be2",
                DorisCluster.FE,
                new FinishTask("be2", TaskType.CLONE, TABLET, replica + 7, Status.OK, "full", 42));
        assertFalse(w.events(DorisCluster.FE, "matches no scheduled tablet, ignored")
                .isEmpty());
        deliver(
                w,
                "be2",
                DorisCluster.FE,
                new TabletReport("be2", 0, 41, List.of(new ReportedTablet(TABLET, replica))));
        w.sim().runUntil(SECOND);
        assertFalse(
                w.events(DorisCluster.FE, "out of date report version 41 from backend[be2]. current report version[42]")
                        .isEmpty());
        // A finish whose CLONE the queue does not hold is answered and dropped: no version.
        deliver(
                w,
                "be3",
                DorisCluster.FE,
                new FinishTask("be3", TaskType.CLONE, TABLET, replica, Status.OK, "full", 99));
        assertFalse(w.events(DorisCluster.FE, "cannot find task. type: CLONE, backend: be3, signature: 11415")
                .isEmpty());
        deliver(w, "be3", DorisCluster.FE, new TabletReport("be3", 0, 98, List.of()));
        w.sim().runUntil(2 * SECOND);
        assertTrue(w.events(DorisCluster.FE, "out of date report version 98").isEmpty());
    }
}
