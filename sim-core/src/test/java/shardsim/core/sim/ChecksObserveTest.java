package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.core.check.Invariant;
import shardsim.core.check.Liveness;
import shardsim.core.fixture.Probe;
import shardsim.core.node.Envelope;
import shardsim.core.trace.Trace;

/** Checks observe: model code cannot raise a violation, checks can. */
class ChecksObserveTest {

    @Test
    void aNodeThatRaisesAViolationFromItsHandlerEndsTheRunAsAnInternalError() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        // A node with a back door to the simulation, as a model class holding a checker's ledger would have.
        sim.nodes().add("cheat", ctx -> new Probe(ctx) {
            @Override
            public void onMessage(Envelope envelope) {
                sim.checks().violation("X1", "raised by the node itself");
            }
        });
        sim.nodes().add("sender", Probe::new);
        sim.at(
                1_000,
                "send",
                () -> sim.nodes().node("sender", Probe.class).ctx().send("cheat", new Probe.Msg(1)));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.runUntil(1_000_000));
        assertTrue(e.getMessage().contains("raised by model code"), e.getMessage());
        assertTrue(sim.checks().violations().isEmpty(), "nothing was recorded");
    }

    @Test
    void timersDriverActionsAndBootsAreModelCodeToo() {
        for (int kind = 0; kind < 3; kind++) {
            Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
            int k = kind;
            sim.nodes().add("n", ctx -> new Probe(ctx) {
                @Override
                public void onStart() {
                    if (k == 0) {
                        sim.checks().violation("X1", "at boot");
                    } else if (k == 1) {
                        ctx.setTimer("t", 10, () -> sim.checks().violation("X1", "in a timer"));
                    }
                }
            });
            if (k == 2) {
                sim.at(500, "driver", () -> sim.checks().violation("X1", "in a driver action"));
            }
            assertThrows(IllegalStateException.class, () -> sim.runUntil(1_000_000), "kind " + k);
        }
    }

    @Test
    void invariantsValidationsLivenessAndScheduledChecksMayRaiseViolations() {
        Simulation sim = new Simulation(1, SimConfig.defaults().withStopOnFirstViolation(false), Trace.digestOnly());
        sim.nodes().add("n", Probe::new);
        int[] events = new int[1];
        sim.at(1_000, "step", () -> events[0]++);
        sim.checks().invariant(Invariant.of("I", () -> events[0] > 0 ? "after the step" : null));
        sim.checks().checkAt(2_000, "sample", () -> sim.checks().violation("S", "a sampled check"));
        sim.checks().liveness(new Liveness("L", 3_000, () -> "never"));
        sim.checks().validation(Invariant.of("V", () -> "at the end"));
        sim.runUntil(1_000_000);
        sim.finish();
        assertEquals(
                java.util.List.of("I", "S", "L", "V"),
                sim.checks().violations().stream().map(v -> v.invariant()).toList());
        // Outside the loop (a harness, a test) the guard is down too.
        sim.checks().violation("H", "from the harness");
        assertEquals(5, sim.checks().violations().size());
    }
}
