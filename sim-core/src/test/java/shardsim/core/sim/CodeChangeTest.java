package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.NodeFault;
import shardsim.core.fixture.Probe;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import shardsim.core.worker.Task;

/** Upgrades and downgrades in the kernel: a process restart on other code, the disk kept whole. */
class CodeChangeTest {

    private static Simulation twoNodes(Trace trace) {
        Simulation sim = new Simulation(5, SimConfig.defaults(), trace);
        sim.nodes().assignCodes("buggy", Map.of("peer", "fixed"));
        sim.nodes().add("n", Probe::new);
        sim.nodes().add("peer", Probe::new);
        sim.runUntil(0);
        return sim;
    }

    @Test
    void codesAreAssignedBeforeNodesBootAndReadThroughTheContext() {
        Simulation sim = twoNodes(Trace.digestOnly());
        assertEquals("buggy", sim.nodes().codeOf("n"));
        assertEquals("fixed", sim.nodes().codeOf("peer"));
        assertEquals("buggy", sim.nodes().node("n", Probe.class).ctx().code());
        assertEquals("fixed", sim.nodes().node("peer", Probe.class).ctx().code());
        assertThrows(
                IllegalStateException.class,
                () -> sim.nodes().assignCodes("fixed", Map.of("n", "fixed")),
                "a node added already keeps its code");
    }

    @Test
    void aSimulationWithoutAssignedCodesRunsNoCode() {
        Simulation sim = new Simulation(5, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("n", Probe::new);
        sim.runUntil(0);
        assertEquals(Nodes.NO_CODE, sim.nodes().node("n", Probe.class).ctx().code());
    }

    @Test
    void anUpgradeOfARunningNodeRestartsItOnTheNewCodeKeepingItsDiskWhole() {
        Simulation sim = twoNodes(Trace.full());
        Probe old = sim.nodes().node("n", Probe.class);
        old.bump();
        int[] fired = new int[3];
        old.ctx().setTimer("t", 1_000, () -> fired[0]++);
        old.ctx().call("peer", new Probe.Msg(7), Probe.Msg.class, 50_000, reply -> fired[1]++, () -> fired[1]++);
        old.ctx().worker("w").submit(Task.of("job", 5_000, () -> fired[2]++));
        old.ctx().disk().putDurable("flushed", 1);
        old.ctx().disk().put("pending", 2);
        int faultsBefore = sim.faults().active();
        sim.faults().injectAt(500, new NodeFault.Upgrade("n", "fixed"));
        sim.runUntil(1_000_000);

        Probe fresh = sim.nodes().node("n", Probe.class);
        assertNotSame(old, fresh);
        assertEquals(1, fresh.ctx().incarnation());
        assertEquals("fixed", fresh.ctx().code(), "the new incarnation runs the new code");
        assertEquals("buggy", old.ctx().code(), "an incarnation's code never changes");
        assertEquals("fixed", sim.nodes().codeOf("n"));
        assertEquals(0, fresh.volatileCounter(), "volatile state is gone");
        assertEquals(
                List.of(0, 0, 0),
                List.of(fired[0], fired[1], fired[2]),
                "timers, calls and queued work of the old process are void");
        assertEquals(1, sim.nodes().disk("n").get("flushed", Integer.class).orElse(null));
        assertEquals(
                2,
                sim.nodes().disk("n").get("pending", Integer.class).orElse(null),
                "the machine kept running: unflushed writes survive the process");
        assertEquals(faultsBefore, sim.faults().active(), "an upgrade is momentary");

        TraceEvent sw = sim.record().trace().events().stream()
                .filter(e -> e.data() instanceof TraceData.CodeSwitch)
                .findFirst()
                .orElseThrow();
        assertEquals(new TraceData.CodeSwitch("buggy", "fixed", true, 0), sw.data());
        assertEquals(TraceKind.CRASH, sw.kind(), "the process stopped");
        TraceEvent next =
                sim.record().trace().events().get(sim.record().trace().events().indexOf(sw) + 1);
        assertEquals(new TraceData.Boot(true, 1), next.data(), "and recovered at once");
    }

    @Test
    void aCrashLosesWhatAnUpgradeKeeps() {
        Simulation sim = twoNodes(Trace.digestOnly());
        sim.nodes().disk("n").put("pending", 2);
        sim.faults().injectAt(500, new NodeFault.Crash("n"));
        sim.faults().injectAt(600, new NodeFault.Restart("n"));
        sim.runUntil(1_000_000);
        assertFalse(sim.nodes().disk("n").get("pending", Integer.class).isPresent());
    }

    @Test
    void aDowngradeOfADownNodeTakesEffectAtItsNextRestart() {
        Simulation sim = twoNodes(Trace.full());
        sim.faults().injectAt(100, new NodeFault.Crash("peer"));
        sim.faults().injectAt(200, new NodeFault.Downgrade("peer", "buggy"));
        sim.runUntil(300);
        assertFalse(sim.nodes().isUp("peer"), "a down node stays down");
        assertEquals("buggy", sim.nodes().codeOf("peer"));
        assertEquals(1, sim.faults().active(), "the crash is still in force, the downgrade adds nothing");
        sim.faults().injectAt(400, new NodeFault.Restart("peer"));
        sim.runUntil(500);
        assertEquals("buggy", sim.nodes().node("peer", Probe.class).ctx().code());
        assertEquals(1, sim.nodes().node("peer", Probe.class).ctx().incarnation());
        TraceEvent sw = sim.record().trace().events().stream()
                .filter(e -> e.data() instanceof TraceData.CodeSwitch)
                .findFirst()
                .orElseThrow();
        assertEquals(new TraceData.CodeSwitch("fixed", "buggy", false, 0), sw.data());
        assertEquals(TraceKind.STATE, sw.kind());
    }

    @Test
    void bothKindsAreNamedAsPlanFilesNameThem() {
        assertEquals("upgrade", new NodeFault.Upgrade("n", "fixed").kind());
        assertEquals("downgrade", new NodeFault.Downgrade("n", "buggy").kind());
        assertEquals(0, new NodeFault.Upgrade("n", "fixed").activityDelta());
        assertTrue(new NodeFault.Downgrade("n", "buggy") instanceof NodeFault.CodeChange);
    }
}
