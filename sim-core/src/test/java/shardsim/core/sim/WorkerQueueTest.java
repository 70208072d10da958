package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fixture.Probe;
import shardsim.core.trace.Trace;
import shardsim.core.worker.Task;
import shardsim.core.worker.TaskView;
import shardsim.core.worker.WorkerQueue;

class WorkerQueueTest {

    private static Simulation sim(int capacity) {
        SimConfig c = new SimConfig(
                SimConfig.defaults().budget(), SimConfig.defaults().defaultLink(), true, capacity);
        Simulation sim = new Simulation(9, c, Trace.full());
        sim.nodes().add("n", Probe::new);
        sim.runUntil(0);
        return sim;
    }

    @Test
    void tasksRunOneAtATimeInFifoOrderWithTheirServiceTimes() {
        Simulation sim = sim(100);
        WorkerQueue w = sim.nodes().node("n", Probe.class).ctx().worker("w");
        List<String> done = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            w.submit(Task.of(name, 1_000, () -> {
                done.add(name);
                at.add(sim.now());
            }));
        }
        assertEquals("a", w.current().orElseThrow().name());
        assertEquals(List.of("b", "c"), w.queued().stream().map(TaskView::name).toList());
        sim.runUntil(10_000);
        assertEquals(List.of("a", "b", "c"), done);
        assertEquals(List.of(1_000L, 2_000L, 3_000L), at);
        assertEquals(3, w.completed());
        assertTrue(w.current().isEmpty());
    }

    @Test
    void aWaitingTaskHoldsTheWorkerAndPollsUntilItsConditionHolds() {
        Simulation sim = sim(100);
        WorkerQueue w = sim.nodes().node("n", Probe.class).ctx().worker("w");
        boolean[] flag = new boolean[1];
        List<String> done = new ArrayList<>();
        w.submit(Task.waitingFor("waiter", "flag", () -> flag[0], 100_000, 0, () -> done.add("waiter"))
                .withTag("T"));
        w.submit(Task.of("behind", 0, () -> done.add("behind")));
        sim.runUntil(1_000_000);
        TaskView cur = w.current().orElseThrow();
        assertTrue(cur.waiting());
        assertEquals("flag", cur.waitsFor());
        assertEquals("T", cur.tag());
        assertEquals(10, cur.polls(), "polled every 100 ms for a second");
        assertEquals("behind", w.queued().get(0).name());
        assertTrue(done.isEmpty(), "nothing behind a waiting task runs");
        sim.at(1_050_000, "set flag", () -> flag[0] = true);
        sim.runUntil(2_000_000);
        assertEquals(List.of("waiter", "behind"), done);
    }

    @Test
    void aFullQueueRefusesMore() {
        Simulation sim = sim(2);
        WorkerQueue w = sim.nodes().node("n", Probe.class).ctx().worker("w");
        assertTrue(w.submit(Task.of("a", 1_000, () -> {})));
        assertTrue(w.submit(Task.of("b", 1_000, () -> {})));
        assertTrue(w.submit(Task.of("c", 1_000, () -> {})));
        assertFalse(w.submit(Task.of("d", 1_000, () -> {})), "a is running, b and c fill the queue");
    }

    @Test
    void aTaskBodyMayQueueMoreWorkBehindWhatIsAlreadyQueued() {
        Simulation sim = sim(100);
        WorkerQueue w = sim.nodes().node("n", Probe.class).ctx().worker("w");
        List<String> done = new ArrayList<>();
        w.submit(Task.of("first", 10, () -> {
            done.add("first");
            w.submit(Task.of("spawned", 10, () -> done.add("spawned")));
        }));
        w.submit(Task.of("second", 10, () -> done.add("second")));
        sim.runUntil(1_000);
        assertEquals(List.of("first", "second", "spawned"), done);
    }

    @Test
    void aTaskBodySubmittingToAFullQueueBlocksItsWorkerUntilASlotFrees() {
        Simulation sim = sim(100);
        Probe n = sim.nodes().node("n", Probe.class);
        WorkerQueue target = n.ctx().worker("target", 1);
        WorkerQueue applier = n.ctx().worker("applier");
        List<String> done = new ArrayList<>();
        target.submit(Task.of("t1", 1_000, () -> done.add("t1")));
        target.submit(Task.of("t2", 1_000, () -> done.add("t2")));
        applier.submit(Task.of("apply 1", 10, () -> {
            done.add("apply 1");
            assertTrue(target.submit(Task.of("t3", 1_000, () -> done.add("t3"))), "held, not refused");
        }));
        applier.submit(Task.of("apply 2", 10, () -> done.add("apply 2")));
        sim.runUntil(500);
        assertEquals(List.of("apply 1"), done);
        assertEquals("n/target", applier.blockedOn().orElseThrow());
        assertEquals(List.of("t3"), target.held().stream().map(TaskView::name).toList());
        assertEquals("n/applier", target.held().get(0).submitter());
        assertTrue(applier.current().isEmpty(), "a blocked worker starts nothing");
        assertFalse(target.submit(Task.of("from a handler", 1, () -> {})), "a handler is refused, not blocked");
        sim.runUntil(5_000);
        assertTrue(applier.blockedOn().isEmpty());
        assertEquals(
                List.of("apply 1", "t1", "apply 2", "t2", "t3"),
                done,
                "apply 2 runs once t2 takes the worker and t3 gets its slot");
    }

    @Test
    void aBlockedWorkerStartsNothingItsOwnBodyQueuesOnIt() {
        Simulation sim = sim(100);
        Probe n = sim.nodes().node("n", Probe.class);
        WorkerQueue target = n.ctx().worker("target", 1);
        WorkerQueue applier = n.ctx().worker("applier");
        List<String> done = new ArrayList<>();
        target.submit(Task.of("t1", 1_000, () -> {}));
        target.submit(Task.of("t2", 1_000, () -> {}));
        applier.submit(Task.of("apply", 10, () -> {
            target.submit(Task.of("t3", 1_000, () -> {}));
            applier.submit(Task.of("more", 0, () -> done.add("more")));
        }));
        sim.runUntil(500);
        assertTrue(applier.current().isEmpty());
        assertEquals(
                List.of("more"), applier.queued().stream().map(TaskView::name).toList());
        sim.runUntil(5_000);
        assertEquals(List.of("more"), done);
    }

    @Test
    void eachWorkerHasItsOwnCapacity() {
        Simulation sim = sim(100);
        Probe n = sim.nodes().node("n", Probe.class);
        assertEquals(128, n.ctx().worker("small", 128).capacity());
        assertEquals(100, n.ctx().worker("default").capacity());
        assertEquals(128, n.ctx().worker("small").capacity(), "an existing queue keeps its capacity");
    }
}
