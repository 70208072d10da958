package shardsim.bench;

import shardsim.core.random.SimRandom;

/**
 * Pre-drawn exponential hold increments, replayed in a ring so that every queue sees the same
 * sequence and the benchmark measures the queue rather than the generator.
 *
 * <p>The mean is one virtual second in microseconds. With a million pending events that still
 * leaves ties on the same microsecond, which the (time, sequence) order must break; a much smaller
 * mean would turn the benchmark into a test of tie handling, a much larger one would hide it.
 */
final class Increments {
    static final double MEAN_MICROS = 1_000_000;
    /** A power of two; 16 K longs (128 KiB) stay in L2 cache and are shared by all queues alike. */
    private static final int SIZE = 1 << 14;

    private static final int MASK = SIZE - 1;

    private final long[] values = new long[SIZE];
    private int next;

    Increments(long seed) {
        SimRandom random = new SimRandom(seed);
        for (int i = 0; i < SIZE; i++) {
            values[i] = random.exponentialMicros(MEAN_MICROS, (long) (MEAN_MICROS * 50));
        }
    }

    long next() {
        return values[next++ & MASK];
    }
}
