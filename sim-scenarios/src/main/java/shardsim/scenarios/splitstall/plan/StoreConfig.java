package shardsim.scenarios.splitstall.plan;

import shardsim.scenarios.splitstall.model.Store;

/**
 * Timings and sizes of the stores.
 *
 * @param heartbeatMicros how often a leader sends appends
 * @param electionMinMicros shortest election timeout
 * @param electionMaxMicros longest election timeout
 * @param maxAppendEntries most entries in one append
 * @param flushMinMicros shortest mem-table flush
 * @param flushMaxMicros longest mem-table flush (before a slow-flush fault adds to it)
 * @param applyMicros region-worker time to apply one change set
 * @param splitFilesMicros worker time to cut the split files
 * @param pollMicros how often waitForPreSplitFlushState re-checks (100 ms upstream)
 * @param splitCheckMicros how often the split checker looks at region sizes
 * @param splitSizeBytes region size that starts a split
 * @param flushThresholdBytes mem-table size that starts a flush
 * @param workerCapacity slots of the region worker's and the split checker's channels
 */
public record StoreConfig(
        long heartbeatMicros,
        long electionMinMicros,
        long electionMaxMicros,
        int maxAppendEntries,
        long flushMinMicros,
        long flushMaxMicros,
        long applyMicros,
        long splitFilesMicros,
        long pollMicros,
        long splitCheckMicros,
        long splitSizeBytes,
        long flushThresholdBytes,
        int workerCapacity) {

    public StoreConfig {
        if (heartbeatMicros <= 0
                || electionMinMicros <= heartbeatMicros
                || electionMaxMicros < electionMinMicros
                || maxAppendEntries <= 0
                || flushMinMicros <= 0
                || flushMaxMicros < flushMinMicros
                || applyMicros < 0
                || splitFilesMicros < 0
                || pollMicros <= 0
                || splitCheckMicros <= 0
                || splitSizeBytes <= 0
                || flushThresholdBytes <= 0
                || workerCapacity <= 0) {
            throw new IllegalArgumentException("bad store config");
        }
    }

    public static StoreConfig defaults() {
        return new StoreConfig(
                300_000,
                1_200_000,
                2_400_000,
                64,
                100_000,
                300_000,
                5_000,
                50_000,
                100_000,
                1_000_000,
                16_000_000,
                4_000_000,
                Store.WORKER_CAPACITY);
    }

    public StoreConfig withSplitSizeBytes(long bytes) {
        return new StoreConfig(
                heartbeatMicros,
                electionMinMicros,
                electionMaxMicros,
                maxAppendEntries,
                flushMinMicros,
                flushMaxMicros,
                applyMicros,
                splitFilesMicros,
                pollMicros,
                splitCheckMicros,
                bytes,
                flushThresholdBytes,
                workerCapacity);
    }

    public StoreConfig withFlushMicros(long min, long max) {
        return new StoreConfig(
                heartbeatMicros,
                electionMinMicros,
                electionMaxMicros,
                maxAppendEntries,
                min,
                max,
                applyMicros,
                splitFilesMicros,
                pollMicros,
                splitCheckMicros,
                splitSizeBytes,
                flushThresholdBytes,
                workerCapacity);
    }

    public StoreConfig withSplitCheckMicros(long micros) {
        return new StoreConfig(
                heartbeatMicros,
                electionMinMicros,
                electionMaxMicros,
                maxAppendEntries,
                flushMinMicros,
                flushMaxMicros,
                applyMicros,
                splitFilesMicros,
                pollMicros,
                micros,
                splitSizeBytes,
                flushThresholdBytes,
                workerCapacity);
    }

    public StoreConfig withWorkerCapacity(int capacity) {
        return new StoreConfig(
                heartbeatMicros,
                electionMinMicros,
                electionMaxMicros,
                maxAppendEntries,
                flushMinMicros,
                flushMaxMicros,
                applyMicros,
                splitFilesMicros,
                pollMicros,
                splitCheckMicros,
                splitSizeBytes,
                flushThresholdBytes,
                capacity);
    }
}
