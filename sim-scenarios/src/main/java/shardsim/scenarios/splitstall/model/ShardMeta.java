package shardsim.scenarios.splitstall.model;

/**
 * The persisted shard meta of one region on one store, written durably by the applier.
 *
 * @param shardVer the region epoch
 * @param splitStage the split stage as far as applied change sets go
 * @param seq the sequence (raft index) of the last applied change set
 * @param sizeBytes the region's size as of {@code seq}
 */
public record ShardMeta(long shardVer, SplitStage splitStage, long seq, long sizeBytes) {}
