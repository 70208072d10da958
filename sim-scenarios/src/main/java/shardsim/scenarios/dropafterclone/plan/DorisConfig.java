package shardsim.scenarios.dropafterclone.plan;

import shardsim.core.net.Delay;

/**
 * Timings and limits of the modelled cluster.
 *
 * @param reportIntervalMicros a BE sends its tablet report this often (Doris {@code report_tablet_interval_seconds}: 60 s)
 * @param taskReportIntervalMicros a BE sends its task report this often (Doris {@code report_task_interval_seconds}: 10 s)
 * @param reportHandleService how long the FE's ReportHandler takes per report, before any slow-report fault
 * @param agentDispatch how long an agent batch takes from {@code AgentTaskExecutor.submit} until its RPC leaves the FE (an executor thread, a client from the pool)
 * @param clonePickup how long a CLONE waits in the BE's clone pool before a worker takes it, if the pool is idle
 * @param cloneService how long a clone's download takes once the source answered the snapshot request
 * @param dropService how long a DROP holds the BE's drop pool before it runs
 * @param snapshotTimeoutMicros a clone fails if its source does not answer within this
 * @param cloneTimeoutMicros the TabletScheduler cancels a move whose clone has not finished within this
 * @param reportQueueSize the FE refuses a report while more than this many wait (Doris {@code Config.report_queue_size}: 100; {@code ReportHandler.putToQueue}, apache/doris 6f81efb5)
 * @param cloneWorkerCount threads of a BE's clone pool (Doris {@code clone_worker_count}: 3, be/src/common/config.h)
 * @param finishRpcTimeoutMicros a BE gives up one {@code finishTask} RPC to the FE after this (Doris {@code thrift_rpc_timeout_ms}: 5000 in the 2021 be config)
 */
public record DorisConfig(
        long reportIntervalMicros,
        long taskReportIntervalMicros,
        Delay reportHandleService,
        Delay agentDispatch,
        Delay clonePickup,
        Delay cloneService,
        Delay dropService,
        long snapshotTimeoutMicros,
        long cloneTimeoutMicros,
        int reportQueueSize,
        int cloneWorkerCount,
        long finishRpcTimeoutMicros) {

    public static final long SECOND = 1_000_000L;
    /** Doris's {@code clone_worker_count} default. */
    public static final int CLONE_WORKERS = 3;
    /** Doris's {@code thrift_rpc_timeout_ms} default of the report's era, in µs. */
    public static final long FINISH_RPC_TIMEOUT_MICROS = 5 * SECOND;

    /** A cluster with Doris's default clone pool and finish RPC timeout. */
    public DorisConfig(
            long reportIntervalMicros,
            long taskReportIntervalMicros,
            Delay reportHandleService,
            Delay agentDispatch,
            Delay clonePickup,
            Delay cloneService,
            Delay dropService,
            long snapshotTimeoutMicros,
            long cloneTimeoutMicros,
            int reportQueueSize) {
        this(
                reportIntervalMicros,
                taskReportIntervalMicros,
                reportHandleService,
                agentDispatch,
                clonePickup,
                cloneService,
                dropService,
                snapshotTimeoutMicros,
                cloneTimeoutMicros,
                reportQueueSize,
                CLONE_WORKERS,
                FINISH_RPC_TIMEOUT_MICROS);
    }

    public DorisConfig {
        if (reportIntervalMicros <= 0
                || taskReportIntervalMicros <= 0
                || snapshotTimeoutMicros <= 0
                || cloneTimeoutMicros <= 0
                || reportQueueSize < 1
                || cloneWorkerCount < 1
                || finishRpcTimeoutMicros <= 0) {
            throw new IllegalArgumentException("bad Doris timings");
        }
    }

    /**
     * The documented plan's cluster: fixed service times taken from the report's be.INFO (the
     * clone worker took the task 65 µs after it arrived; the DROP ran 1.74 ms after it arrived),
     * so the timeline reads as in the report.
     */
    public static DorisConfig documented() {
        return new DorisConfig(
                60 * SECOND,
                10 * SECOND,
                new Delay.Fixed(5_000),
                new Delay.Fixed(2_282),
                new Delay.Fixed(65),
                new Delay.Fixed(25),
                new Delay.Fixed(1_740),
                10 * SECOND,
                180 * SECOND,
                100);
    }

    /** A cluster whose clone and drop service times have the given means (exponential, capped). */
    public static DorisConfig withMeans(long cloneMeanMicros, long dropMeanMicros) {
        return new DorisConfig(
                60 * SECOND,
                10 * SECOND,
                new Delay.Uniform(10_000, 500_000),
                new Delay.Uniform(200, 5_000),
                new Delay.Uniform(10, 500),
                new Delay.Exponential(50_000, cloneMeanMicros, 20 * SECOND),
                new Delay.Exponential(10_000, dropMeanMicros, 20 * SECOND),
                10 * SECOND,
                180 * SECOND,
                100);
    }
}
