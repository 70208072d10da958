package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.core.check.Invariant;
import shardsim.core.check.Liveness;
import shardsim.core.check.Violation;
import shardsim.core.fault.End;
import shardsim.core.fault.NetFault;
import shardsim.core.fixture.Probe;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceKind;

class ChecksAndBudgetTest {

    /** A node that re-arms a timer forever: without a budget this run would never end. */
    private static Simulation spinning(RunBudget budget) {
        Simulation sim = new Simulation(1, SimConfig.defaults().withBudget(budget), Trace.ring(16));
        sim.nodes().add("spin", ctx -> new Probe(ctx) {
            @Override
            public void onStart() {
                tick();
            }

            private void tick() {
                ctx.setTimer("tick", 0, this::tick);
            }
        });
        return sim;
    }

    @Test
    void aRunOverItsEventBudgetIsReportedNotHung() {
        Simulation sim = spinning(RunBudget.of(10_000, 1_000_000));
        sim.runUntil(Long.MAX_VALUE);
        sim.finish();
        assertFalse(sim.checks().ok());
        Violation v = sim.checks().violations().get(0);
        assertEquals(RunBudget.INVARIANT, v.invariant());
        assertTrue(v.message().contains("event budget of 10000"), v.message());
        assertEquals(10_000, sim.eventNumber());
        assertEquals(TraceKind.VERDICT, sim.record().trace().last(1).get(0).kind());
    }

    @Test
    void aRunOverItsTimeBudgetIsReported() {
        Simulation sim = new Simulation(
                1, SimConfig.defaults().withBudget(RunBudget.of(1_000_000, 5_000_000)), Trace.digestOnly());
        sim.nodes().add("n", Probe::new);
        sim.at(6_000_000, "too late", () -> {});
        sim.runUntil(10_000_000);
        assertEquals(RunBudget.INVARIANT, sim.checks().violations().get(0).invariant());
        assertTrue(sim.checks().violations().get(0).message().contains("virtual time budget"));
    }

    @Test
    void anInvariantIsCheckedAfterEveryEventAndTheFirstViolationStopsTheRun() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("n", Probe::new);
        int[] counter = new int[1];
        for (int i = 1; i <= 10; i++) {
            sim.at(i * 1_000L, "step", () -> counter[0]++);
        }
        sim.checks().invariant(Invariant.of("below-3", () -> counter[0] >= 3 ? "counter reached " + counter[0] : null));
        sim.runUntil(1_000_000);
        sim.finish();
        assertEquals(3, counter[0], "stopped right after the violating event");
        Violation v = sim.checks().violations().get(0);
        assertEquals("below-3", v.invariant());
        assertEquals(3_000, v.timeMicros());
        assertEquals(sim.eventNumber(), v.eventNumber());
    }

    @Test
    void everyInvariantTheStoppingEventBrokeIsReported() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("n", Probe::new);
        int[] counter = new int[1];
        sim.checks().checkAt(1_000, "break two things", () -> {
            counter[0]++;
            sim.checks().violation("raised-in-handler", "seen at the action");
        });
        sim.at(2_000, "later", () -> counter[0]++);
        sim.checks().invariant(Invariant.of("per-event", () -> counter[0] > 0 ? "counter moved" : null));
        sim.runUntil(1_000_000);
        assertEquals(1, counter[0], "nothing after the violating event runs");
        assertEquals(
                java.util.List.of("raised-in-handler", "per-event"),
                sim.checks().violations().stream().map(Violation::invariant).toList());
        assertTrue(sim.stopped());
    }

    @Test
    void withoutStopOnFirstTheRunGoesOnAndKeepsTheFirstOfEachInvariant() {
        Simulation sim = new Simulation(1, SimConfig.defaults().withStopOnFirstViolation(false), Trace.digestOnly());
        sim.nodes().add("n", Probe::new);
        int[] counter = new int[1];
        for (int i = 1; i <= 10; i++) {
            sim.at(i * 1_000L, "step", () -> counter[0]++);
        }
        sim.checks().invariant(Invariant.of("below-3", () -> counter[0] >= 3 ? "counter reached " + counter[0] : null));
        sim.checks().validation(Invariant.of("even-end", () -> counter[0] % 2 == 0 ? null : "odd"));
        sim.runUntil(1_000_000);
        sim.finish();
        assertEquals(10, counter[0]);
        assertEquals(1, sim.checks().violations().size());
        assertEquals("counter reached 3", sim.checks().violations().get(0).message());
    }

    @Test
    void livenessIsJudgedAtItsDeadlineAfterTheLastFaultHeals() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.full());
        sim.nodes().add("a", Probe::new);
        sim.nodes().add("b", Probe::new);
        boolean[] recovered = new boolean[1];
        sim.checks().liveness(new Liveness("recovers", 2_000_000, () -> recovered[0] ? null : "not recovered"));
        sim.faults().injectAt(1_000_000, new NetFault.Partition("a", "b"));
        sim.faults().injectAt(3_000_000, new End(new NetFault.Partition("a", "b")));
        sim.at(4_500_000, "recover", () -> recovered[0] = true);
        sim.runUntil(10_000_000);
        sim.finish();
        assertTrue(
                sim.checks().ok(),
                "recovered 1.5 s after the heal, within 2 s: " + sim.checks().violations());
        assertEquals(3_000_000, sim.faults().quietSinceMicros());

        Simulation late = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        late.nodes().add("a", Probe::new);
        late.nodes().add("b", Probe::new);
        boolean[] r2 = new boolean[1];
        late.checks().liveness(new Liveness("recovers", 2_000_000, () -> r2[0] ? null : "not recovered"));
        late.faults().injectAt(1_000_000, new NetFault.Partition("a", "b"));
        late.faults().injectAt(3_000_000, new End(new NetFault.Partition("a", "b")));
        late.at(5_500_000, "recover", () -> r2[0] = true);
        late.runUntil(10_000_000);
        assertEquals("recovers", late.checks().violations().get(0).invariant());
        assertEquals(5_000_000, late.checks().violations().get(0).timeMicros());
    }

    /** A fault kind nobody registered a handler for. */
    private record Mystery() implements shardsim.core.fault.Fault {}

    @Test
    void faultKindsAreKebabCaseNames() {
        assertEquals("partition-one-way", new NetFault.PartitionOneWay("a", "b").kind());
        assertEquals("clock-skew", new shardsim.core.fault.NodeFault.ClockSkew("a", 1).kind());
        assertEquals("mystery", new Mystery().kind());
    }

    @Test
    void aCrashOfADownNodeOrARestartOfAnUpOneChangesNothingInForce() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("a", Probe::new);
        sim.runUntil(0);
        sim.faults().apply(new shardsim.core.fault.NodeFault.Restart("a"));
        assertEquals(0, sim.faults().active(), "restarting a running node is no fault");
        sim.faults().apply(new shardsim.core.fault.NodeFault.Crash("a"));
        sim.faults().apply(new shardsim.core.fault.NodeFault.Crash("a"));
        assertEquals(1, sim.faults().active(), "one node is down, however often it was crashed");
        sim.faults().apply(new shardsim.core.fault.NodeFault.Restart("a"));
        assertEquals(0, sim.faults().active());
        assertEquals(0, sim.faults().quietSinceMicros());
    }

    @Test
    void anUnhandledFaultKindStopsWithAnError() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("a", Probe::new);
        sim.faults().injectAt(10, new Mystery());
        IllegalStateException e =
                org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> sim.runUntil(100));
        assertTrue(e.getMessage().contains("mystery"));
    }
}
