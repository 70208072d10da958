package shardsim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.core.node.Envelope;
import shardsim.core.sim.Simulation;

class PingModelTest {
    private final PingModel small = new PingModel(4, 2, 20_000, 200_000);

    @Test
    void lossyRunDeliversRepliesAndSomeCallsTimeOut() {
        Simulation sim = small.run(42);
        assertTrue(
                sim.network().delivered() > 1_000, "delivered " + sim.network().delivered());
        assertTrue(sim.network().dropped() > 0, "a lossy link should drop something");
        long answered = 0;
        long timeouts = 0;
        for (int i = 1; i <= 4; i++) {
            PingClient c = sim.nodes().node("client-" + i, PingClient.class);
            answered += c.answered();
            timeouts += c.timeouts();
        }
        assertTrue(answered > 0);
        assertTrue(timeouts > 0, "1% loss over hundreds of calls should time some out");
        assertTrue(sim.nodes().node(PingModel.SERVER, PingServer.class).served() >= answered);
    }

    @Test
    void sameSeedSameDigest() {
        assertEquals(
                small.run(7).record().trace().digest(),
                small.run(7).record().trace().digest());
    }

    @Test
    void everyMessageKindIsHandled() {
        Simulation sim = small.build(1);
        sim.runUntil(0);
        // Both kinds to both roles, one-way: a pong at a client is counted, anything else is a
        // protocol error that must surface rather than pass silently.
        PingClient client = sim.nodes().node("client-1", PingClient.class);
        long before = client.stray();
        client.onMessage(envelope("server", "client-1", new PingProtocol.Pong(1)));
        assertEquals(before + 1, client.stray());
        assertThrows(
                IllegalStateException.class,
                () -> client.onMessage(envelope("server", "client-1", new PingProtocol.Ping(1))));
        assertThrows(
                IllegalStateException.class,
                () -> sim.nodes()
                        .node(PingModel.SERVER, PingServer.class)
                        .onMessage(envelope("client-1", "server", new PingProtocol.Pong(1))));
    }

    private static Envelope envelope(String from, String to, PingProtocol m) {
        return new Envelope(1, from, to, m, 0, false, 0);
    }
}
