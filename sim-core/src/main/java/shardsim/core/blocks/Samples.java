package shardsim.core.blocks;

import shardsim.core.sim.Simulation;

/**
 * Sample times of a check: {@code fromMicros}, then every {@code everyMicros}, up to and including
 * {@code toMicros} (none if {@code from > to}). A check sampled in a run's quiet tail registers
 * itself at each with {@link #schedule}.
 *
 * @param fromMicros the first sample's virtual time
 * @param toMicros the last sample's time at the latest
 * @param everyMicros the time between two samples
 */
public record Samples(long fromMicros, long toMicros, long everyMicros) {
    /** Checks that samples are spaced by a positive time. */
    public Samples {
        if (everyMicros <= 0) {
            throw new IllegalArgumentException("samples must be spaced by a positive time, got " + everyMicros);
        }
    }

    /** How many samples there are. */
    public long count() {
        return fromMicros > toMicros ? 0 : (toMicros - fromMicros) / everyMicros + 1;
    }

    /**
     * Registers {@code check} at every sample time, in time order, as a check of the run
     * ({@link shardsim.core.sim.Checks#checkAt}: it may read any state and raise violations), each traced under
     * {@code label}.
     */
    public void schedule(Simulation sim, String label, Runnable check) {
        for (long t = fromMicros; t <= toMicros; t += everyMicros) {
            sim.checks().checkAt(t, label, check);
        }
    }
}
