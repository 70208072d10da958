package shardsim.core.net;

import shardsim.core.random.SimRandom;

/** A distribution of one-way message delays, in microseconds. Random delays reorder messages. */
public sealed interface Delay {
    /** One delay, drawn from {@code random}. */
    long draw(SimRandom random);

    /** The largest delay this distribution can give. */
    long maxMicros();

    /** The same delay for every message. */
    record Fixed(long micros) implements Delay {
        public Fixed {
            if (micros < 0) {
                throw new IllegalArgumentException("negative delay");
            }
        }

        @Override
        public long draw(SimRandom random) {
            return micros;
        }

        @Override
        public long maxMicros() {
            return micros;
        }
    }

    /** A delay uniform in [{@code minMicros}, {@code maxMicros}]. */
    record Uniform(long minMicros, long maxMicros) implements Delay {
        public Uniform {
            if (minMicros < 0 || maxMicros < minMicros) {
                throw new IllegalArgumentException("bad uniform delay [" + minMicros + ", " + maxMicros + "]");
            }
        }

        @Override
        public long draw(SimRandom random) {
            return random.uniformMicros(minMicros, maxMicros);
        }
    }

    /** {@code minMicros} plus an exponential tail of the given mean, capped at {@code maxMicros}. */
    record Exponential(long minMicros, long meanMicros, long maxMicros) implements Delay {
        public Exponential {
            if (minMicros < 0 || meanMicros <= 0 || maxMicros < minMicros) {
                throw new IllegalArgumentException("bad exponential delay");
            }
        }

        @Override
        public long draw(SimRandom random) {
            return minMicros + random.exponentialMicros(meanMicros, maxMicros - minMicros);
        }
    }
}
