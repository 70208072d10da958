package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.LastingFault;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.fixture.Probe;
import shardsim.core.shrink.PlanElement;
import shardsim.core.shrink.PlanElements;
import shardsim.core.trace.Trace;

/** One record per lasting kind: the kernel derives its end, its count in force, its pairing and its handler's calls. */
class LastingFaultTest {
    /** A scenario's lasting kind, as a scenario writes it: one record, nothing else. */
    private record SlowDisk(
            String node,

            @shardsim.core.kind.Quantity(shardsim.core.kind.Unit.MICROS)
            long extraMicros) implements LastingFault {}

    @Test
    void anEndIsNamedAfterItsStartAndEndsOnlyThatStart() {
        SlowDisk slow = new SlowDisk("a", 5);
        End end = slow.end();
        assertEquals("slow-disk-end", end.kind());
        assertEquals(
                "partition-one-way-end",
                new NetFault.PartitionOneWay("a", "b").end().kind());
        assertEquals(1, slow.activityDelta());
        assertEquals(-1, end.activityDelta());
        assertTrue(end.ends(new SlowDisk("a", 5)));
        assertFalse(end.ends(new SlowDisk("a", 6)), "an end names its start exactly");
        assertFalse(end.ends(new SlowDisk("b", 5)));
        assertFalse(end.ends(end));
        assertFalse(new NetFault.Partition("a", "b").end().ends(new NetFault.PartitionOneWay("a", "b")));
        assertThrows(IllegalArgumentException.class, () -> new End(null));
    }

    @Test
    void theBuilderAddsAStartAndItsEnd() {
        SlowDisk slow = new SlowDisk("a", 5);
        FaultPlan plan = FaultPlan.builder()
                .lasting(10, 30, slow)
                .at(20, new NetFault.Clog("a", "b", 1))
                .build();
        assertEquals(
                List.of(
                        new TimedFault(10, slow),
                        new TimedFault(20, new NetFault.Clog("a", "b", 1)),
                        new TimedFault(30, new End(slow))),
                plan.faults());
        assertThrows(IllegalArgumentException.class, () -> FaultPlan.builder().lasting(30, 10, slow));
    }

    @Test
    void theHandlerIsToldWhetherTheFaultStartsOrEndsAndLivenessWaitsForTheEnd() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.full());
        sim.nodes().add("a", Probe::new);
        sim.nodes().add("b", Probe::new);
        List<String> calls = new ArrayList<>();
        sim.faults().onFault((fault, starts) -> {
            if (!(fault instanceof SlowDisk s)) {
                return false;
            }
            calls.add((starts ? "start " : "end ") + s);
            return true;
        });
        SlowDisk slow = new SlowDisk("a", 5);
        sim.faults()
                .inject(FaultPlan.builder()
                        .lasting(1_000, 3_000, slow)
                        .lasting(2_000, 4_000, new NetFault.Partition("a", "b"))
                        .build());
        sim.runUntil(2_500);
        assertEquals(List.of("start " + slow), calls);
        assertEquals(2, sim.faults().active());
        assertTrue(sim.network().isCut("a", "b") && sim.network().isCut("b", "a"), "the partition is in force");
        sim.runUntil(10_000);
        assertEquals(
                List.of("start " + slow, "end " + slow), calls, "the end reaches the handler as its start, ending");
        assertFalse(sim.network().isCut("a", "b") || sim.network().isCut("b", "a"), "the partition's end healed it");
        assertEquals(0, sim.faults().active());
        assertEquals(4_000, sim.faults().quietSinceMicros());
    }

    @Test
    void anEndOfAKindNobodyHandlesStopsWithAnErrorNamingTheEnd() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("a", Probe::new);
        sim.faults().injectAt(10, new SlowDisk("a", 1).end());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.runUntil(100));
        assertTrue(e.getMessage().contains("slow-disk-end"), e.getMessage());
    }

    /** The shrinker keeps each start with its own end, even where ends of the same kind interleave. */
    @Test
    void theShrinkerPairsEachStartWithItsOwnEnd() {
        SlowDisk outer = new SlowDisk("a", 1);
        SlowDisk inner = new SlowDisk("a", 2);
        FaultPlan plan = FaultPlan.builder()
                .lasting(10, 40, outer)
                .lasting(20, 30, inner)
                .build();
        List<PlanElement> elements = PlanElements.faults(plan);
        assertEquals(2, elements.size());
        List<Fault> first = ((PlanElement.Faults) elements.get(0))
                .faults().stream().map(TimedFault::fault).toList();
        List<Fault> second = ((PlanElement.Faults) elements.get(1))
                .faults().stream().map(TimedFault::fault).toList();
        assertEquals(List.of(outer, outer.end()), first);
        assertEquals(List.of(inner, inner.end()), second);
        assertEquals(
                plan,
                PlanElements.faultPlan(List.of(elements.get(1)))
                        .merge(PlanElements.faultPlan(List.of(elements.get(0)))));
    }
}
