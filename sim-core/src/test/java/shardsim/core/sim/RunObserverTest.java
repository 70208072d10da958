package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.Fault;
import shardsim.core.fault.NodeFault;
import shardsim.core.fixture.Probe;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.node.Envelope;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceData;

/** The kernel's read-only observer sees every send, delivery and fault, and changes no run. */
class RunObserverTest {
    /** Records what it sees as text. */
    static final class Log implements RunObserver {
        final List<String> seen = new ArrayList<>();

        @Override
        public void sent(Envelope env) {
            seen.add("sent " + env.from() + "->" + env.to() + (env.reply() ? " reply " : " call ") + env.callId());
        }

        @Override
        public void delivered(Envelope env, boolean copy) {
            seen.add("delivered " + env.to() + (env.reply() ? " reply " : " call ") + env.callId()
                    + (copy ? " copy" : ""));
        }

        @Override
        public void dropped(Envelope env, TraceData.Loss why) {
            seen.add("dropped " + env.to() + (env.reply() ? " reply " : " call ") + env.callId() + " " + why.text());
        }

        @Override
        public void faultApplied(Fault fault) {
            seen.add("fault " + fault);
        }
    }

    private static Simulation sim(LinkPolicy link, Log log) {
        Simulation sim = new Simulation(5, SimConfig.defaults().withDefaultLink(link), Trace.digestOnly());
        if (log != null) {
            sim.checks().observe(log);
        }
        sim.nodes().add("client", Probe::new);
        sim.nodes().add("server", Probe::new);
        sim.runUntil(0);
        return sim;
    }

    private static void callTwice(Simulation sim) {
        sim.nodes()
                .node("client", Probe.class)
                .ctx()
                .call("server", new Probe.Msg(1), Probe.Msg.class, 100_000, r -> {}, () -> {});
        sim.runUntil(50_000);
        sim.faults().apply(new NodeFault.Crash("server"));
        sim.nodes()
                .node("client", Probe.class)
                .ctx()
                .call("server", new Probe.Msg(2), Probe.Msg.class, 100_000, r -> {}, () -> {});
        sim.runUntil(1_000_000);
        sim.finish();
    }

    @Test
    void seesSendsDeliveriesCopiesAndFaults() {
        Log log = new Log();
        Simulation sim = sim(new LinkPolicy(0, 1.0, new Delay.Fixed(1_000), 100), log);
        callTwice(sim);
        // Each send is seen once (the link's copy is its business); each arrival, copies included, once.
        // The second call finds the server down: sent, never delivered; it and the link's copy dropped.
        assertEquals(
                List.of(
                        "sent client->server call 1",
                        "delivered server call 1",
                        "sent server->client reply 1",
                        "delivered server call 1 copy",
                        "sent server->client reply 1",
                        "delivered client reply 1",
                        "delivered client reply 1 copy",
                        "delivered client reply 1",
                        "delivered client reply 1 copy",
                        "fault Crash[node=server]",
                        "sent client->server call 2",
                        "dropped server call 2 receiver down",
                        "dropped server call 2 receiver down"),
                log.seen);
    }

    @Test
    void seesEveryDropTheNetworkCounts() {
        Log log = new Log();
        Simulation sim = sim(new LinkPolicy(0.5, 0, new Delay.Fixed(1_000), 100), log);
        for (int i = 0; i < 40; i++) {
            sim.nodes().node("client", Probe.class).ctx().send("server", new Probe.Msg(i));
        }
        sim.runUntil(100_000);
        sim.network().partition("client", "server");
        sim.nodes().node("client", Probe.class).ctx().send("server", new Probe.Msg(99));
        sim.runUntil(1_000_000);
        List<String> drops =
                log.seen.stream().filter(s -> s.startsWith("dropped")).toList();
        assertEquals(sim.network().dropped(), drops.size());
        assertTrue(drops.stream().anyMatch(s -> s.endsWith(" lost")), drops::toString);
        assertTrue(drops.get(drops.size() - 1).endsWith(" partitioned"), drops::toString);
    }

    @Test
    void observingChangesNeitherTheRunNorItsDigest() {
        LinkPolicy lossy = new LinkPolicy(0.3, 0.3, new Delay.Uniform(100, 5_000), 100);
        Simulation plain = sim(lossy, null);
        callTwice(plain);
        Simulation watched = sim(lossy, new Log());
        callTwice(watched);
        assertEquals(plain.record().trace().digest(), watched.record().trace().digest());
        assertEquals(plain.record().trace().count(), watched.record().trace().count());
    }

    @Test
    void anObserverCannotRaiseAViolation() {
        Simulation sim = new Simulation(5, SimConfig.defaults(), Trace.digestOnly());
        sim.checks().observe(new RunObserver() {
            @Override
            public void delivered(Envelope env, boolean copy) {
                sim.checks().violation("X", "from an observer");
            }
        });
        sim.nodes().add("client", Probe::new);
        sim.nodes().add("server", Probe::new);
        sim.runUntil(0);
        sim.nodes().node("client", Probe.class).ctx().send("server", new Probe.Msg(1));
        assertThrows(IllegalStateException.class, () -> sim.runUntil(1_000_000));
        assertTrue(sim.checks().violations().isEmpty());
    }
}
