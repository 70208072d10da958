package shardsim.scenarios.splitstall.model;

/**
 * An engine change set as proposed through raft. Its sequence is the raft index it commits at,
 * assigned when applied.
 *
 * @param shardID the region
 * @param shardVer the region epoch the proposer saw; a change set for another epoch is ignored
 * @param kind what it changes
 * @param stage for a flush, the split stage carried by the flushed mem-table
 * @param flushedBytes for a flush, how much of the mem-table it wrote out
 */
public record ChangeSet(long shardID, long shardVer, Kind kind, SplitStage stage, long flushedBytes) {
    public enum Kind {
        PRE_SPLIT,
        FLUSH,
        SPLIT_FILES
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase(java.util.Locale.ROOT) + " " + shardID + ":" + shardVer + " stage " + stage;
    }
}
