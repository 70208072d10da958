package shardsim.core.run;

/**
 * The frame of one run: when generated faults may fall, when the quiet tail starts and the run
 * ends, and its limits.
 *
 * @param faultsFromMicros no generated fault before this (the cluster has booted)
 * @param tailStartMicros generated faults and operations stop here; the links turn quiet
 * @param endMicros the run ends here
 * @param maxEvents most scheduled events a run may handle (over it is a {@code budget} violation)
 * @param workerCapacity most tasks a worker queue holds
 */
public record RunShape(
        long faultsFromMicros, long tailStartMicros, long endMicros, long maxEvents, int workerCapacity) {
    /** Slack after the end in the virtual-time budget: a run never gets there, since it stops at its end. */
    public static final long BUDGET_SLACK_MICROS = 60_000_000;

    public RunShape {
        if (!(0 <= faultsFromMicros && faultsFromMicros <= tailStartMicros && tailStartMicros <= endMicros)) {
            throw new IllegalArgumentException("a run needs 0 <= faultsFrom <= tailStart <= end, got "
                    + faultsFromMicros + ", " + tailStartMicros + ", " + endMicros);
        }
        if (maxEvents <= 0 || workerCapacity <= 0) {
            throw new IllegalArgumentException("event budget and worker capacity must be positive");
        }
    }

    /** A frame with the default worker capacity. */
    public RunShape(long faultsFromMicros, long tailStartMicros, long endMicros, long maxEvents) {
        this(
                faultsFromMicros,
                tailStartMicros,
                endMicros,
                maxEvents,
                shardsim.core.sim.SimConfig.defaults().workerCapacity());
    }
}
