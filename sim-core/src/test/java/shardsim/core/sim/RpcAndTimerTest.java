package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fixture.Probe;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.node.Message;
import shardsim.core.node.Timer;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;

class RpcAndTimerTest {

    private static Simulation sim(LinkPolicy policy) {
        Simulation sim = new Simulation(5, SimConfig.defaults().withDefaultLink(policy), Trace.full());
        sim.nodes().add("client", Probe::new);
        sim.nodes().add("server", Probe::new);
        sim.runUntil(0);
        return sim;
    }

    @Test
    void aReplyArrivesBeforeTheTimeout() {
        Simulation sim = sim(new LinkPolicy(0, 0, new Delay.Fixed(1_000), 100));
        List<Message> replies = new ArrayList<>();
        int[] timeouts = new int[1];
        sim.nodes()
                .node("client", Probe.class)
                .ctx()
                .call("server", new Probe.Msg(3), Probe.Msg.class, 10_000, replies::add, () -> timeouts[0]++);
        sim.runUntil(1_000_000);
        assertEquals(List.of(new Probe.Msg(-3)), replies);
        assertEquals(0, timeouts[0]);
    }

    /** A reply type the probe server never sends. */
    private record Other() implements Message {}

    @Test
    void aReplyOfAnotherTypeThanAskedForIsReportedAsTheModelsBug() {
        Simulation sim = sim(new LinkPolicy(0, 0, new Delay.Fixed(1_000), 100));
        List<Other> replies = new ArrayList<>();
        int[] timeouts = new int[1];
        sim.nodes()
                .node("client", Probe.class)
                .ctx()
                .call("server", new Probe.Msg(6), Other.class, 10_000, replies::add, () -> timeouts[0]++);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.runUntil(1_000_000));
        assertTrue(e.getMessage().contains("Msg[n=6]"), "names the request: " + e.getMessage());
        assertTrue(
                e.getMessage().contains("expected " + Other.class.getName()),
                "names the expected type: " + e.getMessage());
        assertTrue(
                e.getMessage().contains("got " + Probe.Msg.class.getName()),
                "names the actual type: " + e.getMessage());
        assertTrue(replies.isEmpty(), "the handler never sees the wrong reply");
        assertEquals(0, timeouts[0]);
    }

    @Test
    void theServerAppliesARequestWhoseReplyIsLost() {
        Simulation sim = sim(new LinkPolicy(0, 0, new Delay.Fixed(1_000), 100));
        sim.network().setPolicy("server", "client", LinkPolicy.reliable().withLoss(1.0));
        List<Message> replies = new ArrayList<>();
        int[] timeouts = new int[1];
        sim.nodes()
                .node("client", Probe.class)
                .ctx()
                .call("server", new Probe.Msg(4), Probe.Msg.class, 10_000, replies::add, () -> timeouts[0]++);
        sim.runUntil(1_000_000);
        assertEquals(1, sim.nodes().node("server", Probe.class).received().size(), "the request was applied");
        assertTrue(replies.isEmpty());
        assertEquals(1, timeouts[0], "the caller saw a timeout");
    }

    @Test
    void aReplyAfterTheTimeoutIsDroppedAndTraced() {
        Simulation sim = sim(new LinkPolicy(0, 0, new Delay.Fixed(20_000), 100));
        List<Message> replies = new ArrayList<>();
        int[] timeouts = new int[1];
        sim.nodes()
                .node("client", Probe.class)
                .ctx()
                .call("server", new Probe.Msg(5), Probe.Msg.class, 30_000, replies::add, () -> timeouts[0]++);
        sim.runUntil(1_000_000);
        assertTrue(replies.isEmpty(), "late reply is not delivered to the caller");
        assertEquals(1, timeouts[0]);
        boolean traced = false;
        for (TraceEvent e : sim.record().trace().events()) {
            traced |= e.kind() == TraceKind.DROP && e.detail().startsWith("late reply");
        }
        assertTrue(traced);
    }

    @Test
    void aCancelledTimerDoesNotFire() {
        Simulation sim = sim(LinkPolicy.reliable());
        int[] fired = new int[2];
        Timer t = sim.nodes().node("client", Probe.class).ctx().setTimer("a", 1_000, () -> fired[0]++);
        sim.nodes().node("client", Probe.class).ctx().setTimer("b", 1_000, () -> fired[1]++);
        assertTrue(t.isPending());
        t.cancel();
        assertFalse(t.isPending());
        sim.runUntil(10_000);
        assertEquals(0, fired[0]);
        assertEquals(1, fired[1]);
    }

    @Test
    void clockSkewShiftsTheNodesClockOnly() {
        Simulation sim = sim(LinkPolicy.reliable());
        sim.faults().apply(new shardsim.core.fault.NodeFault.ClockSkew("client", 250_000));
        sim.runUntil(1_000);
        assertEquals(251_000, sim.nodes().node("client", Probe.class).ctx().now());
        assertEquals(1_000, sim.nodes().node("server", Probe.class).ctx().now());
    }
}
