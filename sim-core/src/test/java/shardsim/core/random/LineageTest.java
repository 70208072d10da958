package shardsim.core.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A tracked generator's lineage: the same streams as an untracked one until re-seeded, then every stream new. */
class LineageTest {

    @Test
    void trackingChangesNoDraw() {
        SimRandom plain = new SimRandom(42);
        SimRandom tracked = SimRandom.tracked(42);
        assertArrayEquals(draw(plain, 8), draw(tracked, 8));
        assertArrayEquals(
                draw(plain.fork("node/a/1").fork("inner"), 8),
                draw(tracked.fork("node/a/1").fork("inner"), 8));
        assertEquals(42, tracked.seed());
        assertEquals(3, tracked.lineageSize());
        assertEquals(0, plain.lineageSize());
    }

    @Test
    void reseedReachesLiveStreamsAndLaterForks() {
        SimRandom root = SimRandom.tracked(7);
        SimRandom live = root.fork("network");
        SimRandom grandchild = live.fork("inner");
        long[] liveBefore = draw(new SimRandom(7).fork("network"), 8);
        live.nextLong();
        root.reseedLineage(123);
        assertFalse(Arrays.equals(liveBefore, draw(live, 8)), "a live stream is re-seeded");
        assertFalse(
                Arrays.equals(draw(new SimRandom(7).fork("network").fork("inner"), 8), draw(grandchild, 8)),
                "a grandchild is re-seeded");
        assertFalse(
                Arrays.equals(draw(new SimRandom(7).fork("node/b/2"), 8), draw(root.fork("node/b/2"), 8)),
                "a stream forked afterwards is new");
    }

    @Test
    void reseedIsAFunctionOfSeedsAndSalt() {
        long[][] runs = new long[2][];
        for (int i = 0; i < 2; i++) {
            SimRandom root = SimRandom.tracked(7);
            SimRandom live = root.fork("network");
            for (int d = 0; d < i * 5; d++) {
                live.nextLong(); // how much was drawn before does not matter
            }
            root.reseedLineage(99);
            runs[i] = concat(draw(live, 4), draw(root.fork("later"), 4));
        }
        assertArrayEquals(runs[0], runs[1]);
    }

    @Test
    void untrackedGeneratorsRefuseToReseed() {
        assertThrows(IllegalStateException.class, () -> new SimRandom(1).reseedLineage(2));
    }

    private static long[] draw(SimRandom r, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.nextLong();
        }
        return out;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
