package shardsim.core.fault;

import shardsim.core.kind.Range;
import shardsim.core.random.SimRandom;

/**
 * How often each kernel fault happens in a generated plan, and how long it lasts.
 *
 * @param partitionsPerMinute symmetric partitions between two nodes
 * @param oneWayPartitionsPerMinute one-way partitions
 * @param crashesPerMinute node crashes (each followed by a restart)
 * @param clogsPerMinute link clogs
 * @param skewsPerMinute clock skew changes
 * @param meanFaultMicros mean duration of a partition, crash or clog
 * @param maxFaultMicros longest duration of a partition, crash or clog
 * @param maxSkewMicros largest clock offset
 * @param maxFaults most faults in one plan (a fault and its heal count once)
 */
public record FaultIntensity(
        double partitionsPerMinute,
        double oneWayPartitionsPerMinute,
        double crashesPerMinute,
        double clogsPerMinute,
        double skewsPerMinute,
        long meanFaultMicros,
        long maxFaultMicros,
        long maxSkewMicros,
        int maxFaults) {

    /** Swarm's range of the mean duration of a partition, crash or clog. */
    public static final Range SWARM_MEAN_FAULT_MICROS = new Range(500_000, 20_000_000);
    /** Swarm's longest partition, crash or clog. */
    public static final long SWARM_MAX_FAULT_MICROS = 60_000_000;
    /** Swarm's range of the largest clock offset (a skew is drawn within plus or minus it). */
    public static final Range SWARM_MAX_SKEW_MICROS = new Range(0, 2_000_000);
    /** Swarm's range of the most faults in one plan. */
    public static final Range SWARM_MAX_FAULTS = new Range(8, 128);

    public FaultIntensity {
        for (double r : new double[] {
            partitionsPerMinute, oneWayPartitionsPerMinute, crashesPerMinute, clogsPerMinute, skewsPerMinute
        }) {
            if (!(r >= 0) || Double.isInfinite(r)) {
                throw new IllegalArgumentException("fault rates must be finite and not negative");
            }
        }
        if (meanFaultMicros <= 0 || maxFaultMicros < meanFaultMicros || maxSkewMicros < 0 || maxFaults < 0) {
            throw new IllegalArgumentException("bad fault durations or limits");
        }
    }

    /** No kernel faults at all. */
    public static FaultIntensity none() {
        return new FaultIntensity(0, 0, 0, 0, 0, 1, 1, 0, 0);
    }

    /** The intensity used by {@code random} plans: every kind, moderately often. */
    public static FaultIntensity moderate() {
        return new FaultIntensity(0.5, 0.25, 0.5, 0.5, 0.25, 5_000_000, 30_000_000, 200_000, 64);
    }

    /**
     * Swarm testing: draws each rate (often zero, so some runs see only a few kinds of fault) and
     * the durations from the seed.
     */
    public static FaultIntensity swarm(SimRandom random) {
        return new FaultIntensity(
                swarmRate(random, 2.0),
                swarmRate(random, 1.0),
                swarmRate(random, 2.0),
                swarmRate(random, 2.0),
                swarmRate(random, 1.0),
                SWARM_MEAN_FAULT_MICROS.draw(random),
                SWARM_MAX_FAULT_MICROS,
                SWARM_MAX_SKEW_MICROS.draw(random),
                (int) SWARM_MAX_FAULTS.draw(random));
    }

    private static double swarmRate(SimRandom random, double max) {
        return random.chance(0.35) ? 0 : random.nextDouble() * max;
    }
}
