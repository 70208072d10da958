package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import shardsim.core.fixture.Probe;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.node.Envelope;
import shardsim.core.trace.Trace;

class NetworkProperties {

    private static Simulation twoProbes(long seed, LinkPolicy policy) {
        Simulation sim = new Simulation(seed, SimConfig.defaults().withDefaultLink(policy), Trace.digestOnly());
        sim.nodes().add("a", Probe::new);
        sim.nodes().add("b", Probe::new);
        sim.runUntil(0);
        return sim;
    }

    private static void sendBurst(Simulation sim, String from, String to, int count) {
        Probe p = sim.nodes().node(from, Probe.class);
        for (int i = 0; i < count; i++) {
            int n = i;
            sim.after(i * 100L, "send " + n, () -> p.ctx().send(to, new Probe.Msg(n)));
        }
    }

    private static TreeMap<Integer, Integer> copiesByMessage(Probe p) {
        TreeMap<Integer, Integer> out = new TreeMap<>();
        for (Envelope e : p.received()) {
            out.merge(((Probe.Msg) e.message()).n(), 1, Integer::sum);
        }
        return out;
    }

    @Property(tries = 100)
    void withoutLossOrPartitionEveryMessageArrivesExactlyOnce(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 200) int count) {
        Simulation sim = twoProbes(
                seed, new LinkPolicy(0, 0, new Delay.Exponential(10, 5_000, 100_000), LinkPolicy.DEFAULT_CAPACITY));
        sendBurst(sim, "a", "b", count);
        sim.runUntil(10_000_000);
        TreeMap<Integer, Integer> copies = copiesByMessage(sim.nodes().node("b", Probe.class));
        assertEquals(count, copies.size(), "every message arrives");
        copies.values().forEach(c -> assertEquals(1, c, "exactly once"));
    }

    @Property(tries = 100)
    void withDuplicationEveryMessageArrivesAtLeastOnce(
            @ForAll long seed, @ForAll @DoubleRange(min = 0.01, max = 1.0) double dup) {
        Simulation sim =
                twoProbes(seed, new LinkPolicy(0, dup, new Delay.Uniform(10, 50_000), LinkPolicy.DEFAULT_CAPACITY));
        sendBurst(sim, "a", "b", 100);
        sim.runUntil(10_000_000);
        TreeMap<Integer, Integer> copies = copiesByMessage(sim.nodes().node("b", Probe.class));
        assertEquals(100, copies.size(), "every message arrives");
        copies.values().forEach(c -> assertTrue(c >= 1 && c <= 2));
        if (dup == 1.0) {
            copies.values().forEach(c -> assertEquals(2, c));
        }
    }

    @Property(tries = 100)
    void aPartitionedLinkDeliversNothing(@ForAll long seed, @ForAll @DoubleRange(min = 0, max = 0.5) double dup) {
        Simulation sim =
                twoProbes(seed, new LinkPolicy(0, dup, new Delay.Uniform(10, 50_000), LinkPolicy.DEFAULT_CAPACITY));
        sim.network().partition("a", "b");
        sendBurst(sim, "a", "b", 50);
        sendBurst(sim, "b", "a", 50);
        sim.runUntil(10_000_000);
        assertEquals(0, sim.nodes().node("a", Probe.class).received().size());
        assertEquals(0, sim.nodes().node("b", Probe.class).received().size());
        assertEquals(100, sim.network().dropped());
    }

    @Property(tries = 100)
    void aOneWayPartitionBlocksOneDirectionOnly(@ForAll long seed) {
        Simulation sim =
                twoProbes(seed, new LinkPolicy(0, 0, new Delay.Uniform(10, 50_000), LinkPolicy.DEFAULT_CAPACITY));
        sim.network().partitionOneWay("a", "b");
        sendBurst(sim, "a", "b", 40);
        sendBurst(sim, "b", "a", 40);
        sim.runUntil(10_000_000);
        assertEquals(0, sim.nodes().node("b", Probe.class).received().size(), "a->b is cut");
        assertEquals(40, sim.nodes().node("a", Probe.class).received().size(), "b->a still flows");
    }

    @Property(tries = 50)
    void aPartitionStartingMidFlightDropsWhatIsInFlightAndHealRestoresTheLink(@ForAll long seed) {
        Simulation sim = twoProbes(seed, new LinkPolicy(0, 0, new Delay.Fixed(10_000), LinkPolicy.DEFAULT_CAPACITY));
        Probe a = sim.nodes().node("a", Probe.class);
        sim.at(1_000, "send 1", () -> a.ctx().send("b", new Probe.Msg(1)));
        sim.at(5_000, "cut", () -> sim.network().partition("a", "b"));
        sim.at(20_000, "heal", () -> sim.network().heal("a", "b"));
        sim.at(30_000, "send 2", () -> a.ctx().send("b", new Probe.Msg(2)));
        sim.runUntil(1_000_000);
        assertEquals(1, sim.nodes().node("b", Probe.class).received().size());
        assertEquals(
                2,
                ((Probe.Msg) sim.nodes()
                                .node("b", Probe.class)
                                .received()
                                .get(0)
                                .message())
                        .n());
    }

    @Property(tries = 50)
    void lossDropsRoughlyTheGivenShare(@ForAll long seed) {
        Simulation sim = twoProbes(seed, new LinkPolicy(0.3, 0, new Delay.Fixed(100), LinkPolicy.DEFAULT_CAPACITY));
        sendBurst(sim, "a", "b", 1000);
        sim.runUntil(10_000_000);
        int got = sim.nodes().node("b", Probe.class).received().size();
        assertTrue(got > 600 && got < 800, "delivered " + got + " of 1000 at 30% loss");
        assertEquals(1000 - got, sim.network().dropped());
    }

    @Property(tries = 30)
    void aClogDelaysButDoesNotLose(@ForAll long seed) {
        Simulation sim =
                twoProbes(seed, new LinkPolicy(0, 0, new Delay.Uniform(10, 1_000), LinkPolicy.DEFAULT_CAPACITY));
        sim.faults().apply(new shardsim.core.fault.NetFault.Clog("a", "b", 2_000_000));
        sendBurst(sim, "a", "b", 20);
        sim.runUntil(1_999_999);
        assertEquals(0, sim.nodes().node("b", Probe.class).received().size(), "held while clogged");
        sim.runUntil(3_000_000);
        assertEquals(20, sim.nodes().node("b", Probe.class).received().size(), "all arrive once it clears");
    }

    @Property(tries = 30)
    void capacityBoundsMessagesInFlight(@ForAll long seed) {
        Simulation sim = twoProbes(seed, new LinkPolicy(0, 0, new Delay.Fixed(1_000_000), 10));
        Probe a = sim.nodes().node("a", Probe.class);
        sim.at(1, "burst", () -> {
            for (int i = 0; i < 25; i++) {
                a.ctx().send("b", new Probe.Msg(i));
            }
        });
        sim.runUntil(5_000_000);
        assertEquals(10, sim.nodes().node("b", Probe.class).received().size());
        assertEquals(15, sim.network().dropped());
    }
}
