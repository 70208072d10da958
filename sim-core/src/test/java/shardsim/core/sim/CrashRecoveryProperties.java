package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import shardsim.core.fixture.Probe;
import shardsim.core.node.Disk;
import shardsim.core.trace.Trace;
import shardsim.core.worker.Task;

class CrashRecoveryProperties {

    /** Any interleaving of writes and flushes: a crash keeps exactly what was flushed. */
    @Property(tries = 200)
    void crashKeepsFlushedWritesAndDropsTheRest(@ForAll @Size(max = 60) List<@IntRange(min = 0, max = 9) Integer> ops) {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("n", Probe::new);
        sim.runUntil(0);
        Disk disk = sim.nodes().disk("n");
        TreeMap<String, Integer> durable = new TreeMap<>();
        TreeMap<String, Integer> pending = new TreeMap<>();
        int i = 0;
        for (int op : ops) {
            if (op == 0) {
                disk.flush();
                durable.putAll(pending);
                pending.clear();
            } else {
                String key = "k" + (op % 4);
                disk.put(key, i);
                pending.put(key, i);
            }
            i++;
        }
        sim.nodes().node("n", Probe.class).bump();
        sim.nodes().crash("n");
        assertNull(sim.nodes().node("n"), "a crashed node has no instance");
        sim.nodes().restart("n");
        Probe again = sim.nodes().node("n", Probe.class);
        assertEquals(0, again.volatileCounter(), "volatile state is gone");
        for (int k = 0; k < 4; k++) {
            String key = "k" + k;
            assertEquals(durable.get(key), disk.get(key, Integer.class).orElse(null), key);
        }
        assertEquals(0, disk.pendingWrites());
    }

    @Test
    void crashVoidsTimersCallsAndWorkersOfTheOldIncarnation() {
        Simulation sim = new Simulation(2, SimConfig.defaults(), Trace.full());
        sim.nodes().add("n", Probe::new);
        sim.nodes().add("peer", Probe::new);
        sim.runUntil(0);
        Probe old = sim.nodes().node("n", Probe.class);
        int[] fired = new int[3];
        old.ctx().setTimer("t", 1_000, () -> fired[0]++);
        old.ctx().call("peer", new Probe.Msg(7), Probe.Msg.class, 50_000, reply -> fired[1]++, () -> fired[1]++);
        old.ctx().worker("w").submit(Task.of("job", 5_000, () -> fired[2]++));
        sim.at(500, "crash", () -> sim.nodes().crash("n"));
        sim.at(600, "restart", () -> sim.nodes().restart("n"));
        sim.runUntil(1_000_000);
        assertEquals(0, fired[0], "timer of the old incarnation never fires");
        assertEquals(0, fired[1], "neither reply nor timeout reaches a dead incarnation");
        assertEquals(0, fired[2], "queued work is lost with the queue");
        Probe fresh = sim.nodes().node("n", Probe.class);
        assertNotSame(old, fresh);
        assertEquals(1, fresh.ctx().incarnation());
        assertTrue(sim.nodes().workers("n").isEmpty(), "the new incarnation starts with no queues");
    }

    @Test
    void messagesToADownNodeAreDropped() {
        Simulation sim = new Simulation(3, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("a", Probe::new);
        sim.nodes().add("b", Probe::new);
        sim.runUntil(0);
        sim.nodes().crash("b");
        sim.nodes().node("a", Probe.class).ctx().send("b", new Probe.Msg(1));
        sim.runUntil(100_000);
        assertFalse(sim.nodes().isUp("b"));
        assertEquals(1, sim.network().dropped());
        sim.nodes().restart("b");
        assertEquals(0, sim.nodes().node("b", Probe.class).received().size());
    }
}
