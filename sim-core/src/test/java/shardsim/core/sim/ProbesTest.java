package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fixture.Probe;
import shardsim.core.trace.Trace;

/** Code probes count passes and change nothing else about a run. */
class ProbesTest {
    private static final long SECOND = 1_000_000;

    /** Node a sends a message every second; with {@code probe}, each send also passes probe "ping", and every third "third". */
    private static Map<String, Long> run(long seed, boolean probe, long[] digest) {
        Trace trace = Trace.digestOnly();
        Simulation sim = new Simulation(seed, SimConfig.defaults(), trace);
        sim.nodes().add("a", Probe::new);
        sim.nodes().add("b", Probe::new);
        for (int i = 1; i <= 9; i++) {
            int n = i;
            sim.at(n * SECOND, "tick", () -> {
                Probe a = sim.nodes().node("a", Probe.class);
                a.ctx().send("b", new Probe.Msg(n));
                if (probe) {
                    a.ctx().probe("ping");
                    if (n % 3 == 0) {
                        sim.record().probe("third");
                    }
                }
            });
        }
        sim.runUntil(12 * SECOND);
        sim.finish();
        digest[0] = trace.digest();
        return sim.record().probes().counts();
    }

    @Test
    void probesCountPassesAndChangeNoRun() {
        for (long seed = 0; seed < 3; seed++) {
            long[] plain = new long[1];
            long[] probed = new long[1];
            assertTrue(run(seed, false, plain).isEmpty());
            assertEquals(Map.of("ping", 9L, "third", 3L), run(seed, true, probed));
            assertEquals(plain[0], probed[0], "seed " + seed + ": a probe changed the digest");
        }
    }
}
