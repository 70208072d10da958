package shardsim.core.random;

import java.util.ArrayList;
import java.util.List;

/**
 * The only source of randomness in a simulation: xoshiro256** seeded through SplitMix64.
 *
 * <p>A generator remembers the seed it was made from. {@link #fork(String)} derives a child from
 * (that seed, label) and never from the parent's current state, so a subsystem that draws more or
 * fewer numbers cannot shift the stream of any sibling, and adding a new consumer leaves every
 * existing stream as it was.
 *
 * <p>A generator made with {@link #tracked} keeps its <em>lineage</em>: itself and every stream
 * forked from it or from its descendants. {@link #reseedLineage} then gives each of them a new
 * seed at once, derived from the stream's current seed and a salt, and later forks derive from the
 * new seeds. That is how {@code sim explain} re-randomises a run's continuation after a replayed
 * prefix without touching a draw of the prefix. The draw methods never look at the lineage, so it
 * costs one list entry per fork (forks happen when a node boots, not per event).
 */
public final class SimRandom {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    /** Not final: {@link #reseedLineage} replaces it (and the state) in place. */
    private long seed;
    /** Every stream of this generator's family, in fork order; null when not {@link #tracked}. */
    private List<SimRandom> lineage;

    private long s0;
    private long s1;
    private long s2;
    private long s3;

    /** A generator seeded with {@code seed}; the same seed gives the same draws on any machine. */
    public SimRandom(long seed) {
        reset(seed);
    }

    /** A root generator that keeps its lineage, so that {@link #reseedLineage} reaches every stream forked from it. */
    public static SimRandom tracked(long seed) {
        SimRandom root = new SimRandom(seed);
        root.lineage = new ArrayList<>();
        root.lineage.add(root);
        return root;
    }

    private void reset(long seed) {
        this.seed = seed;
        long x = seed;
        x += GOLDEN_GAMMA;
        s0 = mix64(x);
        x += GOLDEN_GAMMA;
        s1 = mix64(x);
        x += GOLDEN_GAMMA;
        s2 = mix64(x);
        x += GOLDEN_GAMMA;
        s3 = mix64(x);
    }

    /** The seed this generator was created from, or last re-seeded with (not its current state). */
    public long seed() {
        return seed;
    }

    /** A child generator that depends only on this generator's seed and the label. */
    public SimRandom fork(String label) {
        SimRandom child = new SimRandom(mix64(seed ^ mix64(hashLabel(label) + GOLDEN_GAMMA)));
        if (lineage != null) {
            child.lineage = lineage;
            lineage.add(child);
        }
        return child;
    }

    /**
     * Gives every stream of this generator's lineage the seed {@code mix64(its seed ^ salt)} and the
     * state that seed starts; later forks derive from the new seeds. Distinct streams keep distinct
     * seeds (mix64 is a bijection), and the same salt always gives the same streams.
     *
     * @throws IllegalStateException if this generator was not made {@link #tracked}
     */
    public void reseedLineage(long salt) {
        if (lineage == null) {
            throw new IllegalStateException("reseedLineage needs a generator made with SimRandom.tracked");
        }
        for (int i = 0; i < lineage.size(); i++) {
            SimRandom s = lineage.get(i);
            s.reset(mix64(s.seed ^ salt));
        }
    }

    /** How many streams the lineage holds (this generator included); 0 when not tracked. */
    public int lineageSize() {
        return lineage == null ? 0 : lineage.size();
    }

    /** The next 64 random bits. */
    public long nextLong() {
        long result = Long.rotateLeft(s1 * 5, 7) * 9;
        long t = s1 << 17;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = Long.rotateLeft(s3, 45);
        return result;
    }

    /** Uniform in [0, bound), bound > 0, without modulo bias. */
    public long nextLong(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        long m = bound - 1;
        long r = nextLong() >>> 1;
        if ((bound & m) == 0) {
            return r & m;
        }
        // Rejection keeps the draw uniform; the loop ends with probability >= 1/2 per round.
        for (long u = r; u - (r = u % bound) + m < 0; u = nextLong() >>> 1) {
            // retry
        }
        return r;
    }

    /** Uniform in [0, bound), bound > 0. */
    public int nextInt(int bound) {
        return (int) nextLong(bound);
    }

    /** Uniform in [lo, hi], both inclusive. */
    public long between(long lo, long hi) {
        if (hi < lo) {
            throw new IllegalArgumentException("empty range [" + lo + ", " + hi + "]");
        }
        if (hi - lo + 1 <= 0) { // the whole long range
            return nextLong();
        }
        return lo + nextLong(hi - lo + 1);
    }

    /** Uniform in [0, 1) with 53 bits of precision. */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** A biased coin: true with probability p ({@code p <= 0} never, {@code p >= 1} always). */
    public boolean chance(double p) {
        if (p <= 0) {
            return false;
        }
        if (p >= 1) {
            return true;
        }
        return nextDouble() < p;
    }

    /** An index drawn with probability proportional to its weight (weights >= 0, not all 0). */
    public int weighted(double... weights) {
        double total = 0;
        for (double w : weights) {
            if (w < 0 || Double.isNaN(w)) {
                throw new IllegalArgumentException("negative weight");
            }
            total += w;
        }
        if (total <= 0) {
            throw new IllegalArgumentException("all weights are zero");
        }
        double x = nextDouble() * total;
        for (int i = 0; i < weights.length; i++) {
            x -= weights[i];
            if (x < 0) {
                return i;
            }
        }
        for (int i = weights.length - 1; i >= 0; i--) {
            if (weights[i] > 0) {
                return i;
            }
        }
        throw new AssertionError();
    }

    /** One element of {@code items}, each equally likely. */
    public <T> T pick(List<T> items) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("pick from an empty list");
        }
        return items.get(nextInt(items.size()));
    }

    /** A delay uniform in [minMicros, maxMicros]. */
    public long uniformMicros(long minMicros, long maxMicros) {
        return between(minMicros, maxMicros);
    }

    /** An exponentially distributed delay with the given mean, rounded, capped at capMicros. */
    public long exponentialMicros(double meanMicros, long capMicros) {
        double u = nextDouble();
        double d = -StrictMath.log1p(-u) * meanMicros;
        if (d >= capMicros) {
            return capMicros;
        }
        return StrictMath.round(d);
    }

    /** SplitMix64's finaliser: a bijective 64-bit mix. */
    public static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** FNV-1a over the label's UTF-16 code units: stable across JVMs, unlike identity hashes. */
    public static long hashLabel(String label) {
        long h = 0xCBF29CE484222325L;
        for (int i = 0; i < label.length(); i++) {
            h ^= label.charAt(i);
            h *= 0x100000001B3L;
        }
        return h;
    }
}
