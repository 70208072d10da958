package shardsim.core.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Rule;
import shardsim.core.check.Violation;
import shardsim.core.fault.End;
import shardsim.core.fault.NetFault;
import shardsim.core.fixture.Probe;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;

class EventuallyTest {
    private static final Rule P = new Rule("P", "within half a second after the faults end, the system is well");
    private static final long MS = 1_000;
    private static final long WITHIN = 500 * MS;
    /** Samples every 100 ms for 5 s. */
    private static final Samples SAMPLES = new Samples(0, 5_000 * MS, 100 * MS);

    /** A partition from 1 s to 2 s; P judged with {@code holds(now)}; the run's violations. */
    private static List<Violation> run(LongPredicate holds, long... extraFaultsFromTo) {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.full());
        sim.nodes().add("a", Probe::new);
        sim.nodes().add("b", Probe::new);
        sim.faults().injectAt(1_000 * MS, new NetFault.Partition("a", "b"));
        sim.faults().injectAt(2_000 * MS, new End(new NetFault.Partition("a", "b")));
        for (int i = 0; i < extraFaultsFromTo.length; i += 2) {
            sim.faults().injectAt(extraFaultsFromTo[i], new NetFault.PartitionOneWay("a", "b"));
            sim.faults().injectAt(extraFaultsFromTo[i + 1], new End(new NetFault.PartitionOneWay("a", "b")));
        }
        Eventually.afterFaults(
                sim, P, WITHIN, SAMPLES, "P sample", () -> holds.test(sim.now()) ? null : "unwell at " + sim.now());
        sim.runUntil(5_000 * MS);
        return sim.checks().violations();
    }

    @Test
    void aConditionThatNeverHoldsAfterTheFaultsFailsAtTheFirstSampleAfterItsTime() {
        List<Violation> v = run(t -> t < 1_000 * MS);
        assertEquals(1, v.size());
        assertEquals("P", v.get(0).invariant());
        assertEquals(2_500 * MS, v.get(0).timeMicros(), "the partition ended at 2 s: nothing is judged before 2.5 s");
    }

    @Test
    void theRunsStartCountsAsTheEndOfFaults() {
        List<Violation> v = run(t -> false);
        assertEquals(500 * MS, v.get(0).timeMicros(), "no fault yet: quiet since 0");
        assertEquals(List.of(), run(t -> t >= 500 * MS && (t < 1_000 * MS || t >= 2_500 * MS)));
    }

    @Test
    void aConditionThatHoldsWithinItsTimeNeverFails() {
        assertEquals(List.of(), run(t -> t < 1_000 * MS || t >= 2_500 * MS), "holds from the deadline on");
        assertEquals(
                List.of(), run(t -> t < 1_000 * MS || t > 2_300 * MS), "unwell only during the faults and just after");
    }

    @Test
    void aConditionStillFalseAtItsTimeFailsThere() {
        List<Violation> v = run(t -> t < 1_000 * MS || t > 2_550 * MS);
        assertEquals(1, v.size());
        assertEquals(2_500 * MS, v.get(0).timeMicros());
    }

    @Test
    void aConditionThatBreaksAgainInTheQuietTailFails() {
        List<Violation> v = run(t -> t < 1_000 * MS || (t > 2_300 * MS && t != 4_000 * MS));
        assertEquals(1, v.size());
        assertEquals(4_000 * MS, v.get(0).timeMicros());
    }

    @Test
    void aLaterFaultGivesTheSystemItsTimeAgain() {
        // A second fault from 3 s to 3.2 s: unwell from 3 s to 3.6 s is within its time.
        assertEquals(
                List.of(),
                run(
                        t -> t < 1_000 * MS || (t > 2_300 * MS && (t < 3_000 * MS || t > 3_600 * MS)),
                        3_000 * MS,
                        3_200 * MS));
        List<Violation> v = run(
                t -> t < 1_000 * MS || (t > 2_300 * MS && (t < 3_000 * MS || t > 3_800 * MS)), 3_000 * MS, 3_200 * MS);
        assertEquals(3_700 * MS, v.get(0).timeMicros(), "3.2 s plus half a second");
    }

    @Test
    void quietMeasuresFromTheLastFaultsEnd() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.full());
        sim.nodes().add("a", Probe::new);
        sim.nodes().add("b", Probe::new);
        sim.faults().injectAt(1_000 * MS, new NetFault.Partition("a", "b"));
        sim.faults().injectAt(2_000 * MS, new End(new NetFault.Partition("a", "b")));
        List<String> seen = new ArrayList<>();
        for (long t : new long[] {1_500 * MS, 2_400 * MS, 2_500 * MS}) {
            sim.checks()
                    .checkAt(
                            t,
                            "look",
                            () -> seen.add(sim.now() + ":" + Quiet.since(sim.view(), 2_000 * MS) + ":"
                                    + Quiet.forAtLeast(sim.view(), WITHIN)));
        }
        sim.runUntil(3_000 * MS);
        assertEquals(List.of(1_500 * MS + ":false:false", 2_400 * MS + ":true:false", 2_500 * MS + ":true:true"), seen);
        assertFalse(Quiet.since(sim.view(), 1_999 * MS), "the faults were in force then");
        assertTrue(Quiet.since(sim.view(), 2_000 * MS));
    }

    @Test
    void samplesRunFromFirstToLastInclusive() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.full());
        List<Long> at = new ArrayList<>();
        Samples s = new Samples(100, 400, 100);
        assertEquals(4, s.count());
        s.schedule(sim, "sample", () -> at.add(sim.now()));
        sim.runUntil(1_000);
        assertEquals(List.of(100L, 200L, 300L, 400L), at);
        assertEquals(0, new Samples(5, 4, 1).count());
        assertThrows(IllegalArgumentException.class, () -> new Samples(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> Eventually.afterFaults(sim, P, -1, s, "x", () -> null));
    }
}
