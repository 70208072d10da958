package shardsim.core.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class SimRandomProperties {

    /** A fork's stream depends on (seed, label) only, not on what the parent or siblings drew. */
    @Property(tries = 200)
    void forkDoesNotDependOnSiblingDraws(@ForAll long seed, @ForAll @IntRange(min = 0, max = 500) int siblingDraws) {
        SimRandom a = new SimRandom(seed);
        long[] quiet = draw(a.fork("network"), 16);

        SimRandom b = new SimRandom(seed);
        SimRandom sibling = b.fork("workload");
        for (int i = 0; i < siblingDraws; i++) {
            sibling.nextLong();
            b.nextLong();
        }
        long[] busy = draw(b.fork("network"), 16);
        assertArrayEquals(quiet, busy);
    }

    @Property(tries = 100)
    void differentLabelsGiveDifferentStreams(@ForAll long seed) {
        SimRandom r = new SimRandom(seed);
        assertNotEquals(r.fork("a").nextLong(), r.fork("b").nextLong());
        assertNotEquals(r.nextLong(), new SimRandom(seed).fork("a").nextLong());
    }

    @Property(tries = 300)
    void rangedDrawsStayInRange(
            @ForAll long seed,
            @ForAll @LongRange(min = -1000, max = 1000) long lo,
            @ForAll @LongRange(min = 0, max = 5000) long width) {
        SimRandom r = new SimRandom(seed);
        for (int i = 0; i < 50; i++) {
            long v = r.between(lo, lo + width);
            assertTrue(v >= lo && v <= lo + width);
            double d = r.nextDouble();
            assertTrue(d >= 0 && d < 1);
            long e = r.exponentialMicros(1000, 5000);
            assertTrue(e >= 0 && e <= 5000);
        }
    }

    @Test
    void sameSeedSameStream() {
        assertArrayEquals(draw(new SimRandom(42), 100), draw(new SimRandom(42), 100));
    }

    @Test
    void biasedCoinAndWeightsFollowTheirProbabilities() {
        SimRandom r = new SimRandom(1);
        int heads = 0;
        int[] counts = new int[3];
        for (int i = 0; i < 100_000; i++) {
            if (r.chance(0.2)) {
                heads++;
            }
            counts[r.weighted(1, 0, 3)]++;
        }
        assertTrue(Math.abs(heads - 20_000) < 1_000, "heads " + heads);
        assertEquals(0, counts[1], "a zero weight is never drawn");
        assertTrue(Math.abs(counts[2] - 75_000) < 1_500, "weight 3 of 4: " + counts[2]);
        assertTrue(r.chance(1.0));
        assertTrue(!r.chance(0.0));
    }

    @Test
    void uniformBoundedDrawsCoverEveryValue() {
        SimRandom r = new SimRandom(3);
        int[] seen = new int[7];
        for (int i = 0; i < 7_000; i++) {
            seen[r.nextInt(7)]++;
        }
        for (int c : seen) {
            assertTrue(c > 800 && c < 1200, "skewed: " + c);
        }
    }

    @Test
    void badArgumentsAreRefused() {
        SimRandom r = new SimRandom(0);
        assertThrows(IllegalArgumentException.class, () -> r.nextLong(0));
        assertThrows(IllegalArgumentException.class, () -> r.between(5, 4));
        assertThrows(IllegalArgumentException.class, () -> r.weighted(0, 0));
        assertThrows(IllegalArgumentException.class, () -> r.weighted(-1, 2));
    }

    private static long[] draw(SimRandom r, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.nextLong();
        }
        return out;
    }
}
