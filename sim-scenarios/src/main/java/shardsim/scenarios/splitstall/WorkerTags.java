package shardsim.scenarios.splitstall;

/** Tags on worker tasks, so that checkers can tell what a task waits for and what it would set. */
public final class WorkerTags {
    private WorkerTags() {
    }

    /** A task that waits until the engine stage of shard {@code shardID:shardVer} is at least {@code needs}. */
    public record WaitsForStage(long shardID, long shardVer, SplitStage needs) {
    }

    /**
     * A task that, when it runs, moves the engine of {@code shardID:shardVer} to {@code sets}, or
     * (finish split, {@code endsEpoch}) out of that epoch altogether, which ends any wait on it.
     */
    public record SetsStage(long shardID, long shardVer, SplitStage sets, long sequence, boolean endsEpoch) {
        public boolean satisfies(WaitsForStage w) {
            return w.shardID() == shardID && w.shardVer() == shardVer && (endsEpoch || sets.atLeast(w.needs()));
        }
    }
}
