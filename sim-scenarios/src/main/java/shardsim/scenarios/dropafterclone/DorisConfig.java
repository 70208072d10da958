package shardsim.scenarios.dropafterclone;

import shardsim.core.net.Delay;

/**
 * Timings and limits of the modelled cluster.
 *
 * @param reportIntervalMicros a BE sends its tablet report this often (Doris: 60 s)
 * @param reportHandleService how long the FE's ReportHandler takes per report, before any slow-report fault
 * @param cloneService how long a CLONE holds the BE's clone pool before it downloads the snapshot
 * @param dropService how long a DROP holds the BE's drop pool
 * @param snapshotTimeoutMicros a clone fails if its source does not answer within this
 * @param cloneTimeoutMicros the TabletScheduler cancels a move whose clone has not finished within this
 * @param maxResends most times the FE resends one agent task the BE did not report as running
 */
public record DorisConfig(
        long reportIntervalMicros,
        Delay reportHandleService,
        Delay cloneService,
        Delay dropService,
        long snapshotTimeoutMicros,
        long cloneTimeoutMicros,
        int maxResends) {

    public static final long SECOND = 1_000_000L;

    public DorisConfig {
        if (reportIntervalMicros <= 0 || snapshotTimeoutMicros <= 0 || cloneTimeoutMicros <= 0 || maxResends < 0) {
            throw new IllegalArgumentException("bad Doris timings");
        }
    }

    /** The documented plan's cluster: fixed service times, so the timeline reads as in the report. */
    public static DorisConfig documented() {
        return new DorisConfig(60 * SECOND, new Delay.Fixed(5_000), new Delay.Fixed(SECOND), new Delay.Fixed(100_000),
                10 * SECOND, 180 * SECOND, 5);
    }

    /** A cluster whose clone and drop service times have the given means (exponential, capped). */
    public static DorisConfig withMeans(long cloneMeanMicros, long dropMeanMicros) {
        return new DorisConfig(60 * SECOND, new Delay.Uniform(10_000, 500_000),
                new Delay.Exponential(50_000, cloneMeanMicros, 20 * SECOND),
                new Delay.Exponential(10_000, dropMeanMicros, 20 * SECOND),
                10 * SECOND, 180 * SECOND, 5);
    }
}
