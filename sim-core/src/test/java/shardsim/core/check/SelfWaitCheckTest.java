package shardsim.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.core.fixture.Probe;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.worker.Task;
import shardsim.core.worker.WorkerQueue;

/**
 * The kernel's self-wait check over a made-up pair of tasks that no scenario knows: a kettle that
 * waits for water, and a tap task that fills it. Only the condition's key links them.
 */
class SelfWaitCheckTest {
    private static final String WATER = "kettle has water";

    private static Simulation sim() {
        Simulation sim = new Simulation(3, SimConfig.defaults().withStopOnFirstViolation(false), Trace.full());
        sim.nodes().add("kitchen", Probe::new);
        sim.nodes().add("garden", Probe::new);
        sim.checks().invariant(new SelfWaitCheck(sim.view(), "W1"));
        sim.runUntil(0);
        return sim;
    }

    private static Task kettle(boolean[] water) {
        return Task.waitingFor("boil", WATER, () -> water[0], 100_000, 1_000, () -> {});
    }

    private static Task tap(boolean[] water) {
        return Task.of("fill kettle", 1_000, () -> water[0] = true).mayMeet(WATER);
    }

    @Test
    void aWaiterWhoseOnlySatisfierIsQueuedBehindItOnTheSameWorkerIsADeadlock() {
        Simulation sim = sim();
        boolean[] water = new boolean[1];
        WorkerQueue w = sim.nodes().node("kitchen", Probe.class).ctx().worker("hands");
        w.submit(kettle(water));
        w.submit(tap(water));
        sim.runUntil(1_000_000);
        assertEquals(1, sim.checks().violations().size());
        Violation v = sim.checks().violations().get(0);
        assertEquals("W1", v.invariant());
        assertTrue(
                v.message().contains("'boil'")
                        && v.message().contains("'fill kettle'")
                        && v.message().contains("in place 1 behind it"),
                v.message());
    }

    @Test
    void aSatisfierOnAnotherWorkerThatCanRunIsNoDeadlock() {
        Simulation sim = sim();
        boolean[] water = new boolean[1];
        Probe kitchen = sim.nodes().node("kitchen", Probe.class);
        kitchen.ctx().worker("hands").submit(kettle(water));
        kitchen.ctx().worker("plumber").submit(Task.of("slow job", 500_000, () -> {}));
        kitchen.ctx().worker("plumber").submit(tap(water));
        sim.runUntil(2_000_000);
        assertTrue(sim.checks().ok(), () -> sim.checks().violations().toString());
        assertTrue(water[0]);
    }

    @Test
    void aSatisfierOnAWorkerBlockedSubmittingToTheWaitersFullQueueIsADeadlock() {
        Simulation sim = sim();
        boolean[] water = new boolean[1];
        Probe kitchen = sim.nodes().node("kitchen", Probe.class);
        WorkerQueue hands = kitchen.ctx().worker("hands", 1);
        WorkerQueue helper = kitchen.ctx().worker("helper");
        hands.submit(kettle(water));
        hands.submit(Task.of("wash cup", 1_000, () -> {}));
        helper.submit(Task.of("hand over", 10, () -> hands.submit(Task.of("dry cup", 1_000, () -> {}))));
        helper.submit(tap(water));
        sim.runUntil(1_000_000);
        assertEquals("kitchen/hands", helper.blockedOn().orElseThrow());
        assertEquals(1, sim.checks().violations().size());
        String m = sim.checks().violations().get(0).message();
        assertTrue(m.contains("on kitchen/helper, which is blocked submitting to kitchen/hands"), m);
    }

    @Test
    void aWaitWithNoKnownSatisfierIsNotReported() {
        Simulation sim = sim();
        boolean[] water = new boolean[1];
        sim.nodes().node("kitchen", Probe.class).ctx().worker("hands").submit(kettle(water));
        sim.nodes().node("kitchen", Probe.class).ctx().worker("hands").submit(Task.of("unrelated", 1_000, () -> {}));
        sim.runUntil(1_000_000);
        assertNull(new SelfWaitCheck(sim.view(), "W1").check());
        assertTrue(sim.checks().ok());
    }
}
