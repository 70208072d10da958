package shardsim.scenarios.splitstall.model;

import java.util.ArrayDeque;

/**
 * The engine's in-memory view of one region on one store (engine/shard.go at 3522d5f). The region
 * worker moves {@code shardVer} and {@code sequence} (the shard's metaSequence) and raises the stage
 * past PRE_SPLIT; the applier sets PRE_SPLIT inline ({@code PreSplit}) and writes to the mem-tables.
 * A restart reloads epoch, stage and sequence from the meta with one empty writable mem-table and no
 * immutable one (engine.go:421-431 loadShard), as if nothing had been written since the last flush.
 */
final class EngineShard {
    /** An immutable mem-table waiting to be flushed: its size and the split stage its flush carries. */
    record MemTable(long bytes, SplitStage stage) {}

    /** A flush on the engine's flush channel: {@code inList} when the table is one of the shard's mem-tables (a flush of it removes one). */
    record FlushTask(long ver, long bytes, SplitStage stage, boolean inList) {}

    long shardVer;
    SplitStage splitStage;
    long sequence;
    /** The raft index of the PRE_SPLIT the applier ran on this engine (inline, so the sequence does not move); for U6. */
    long preSplitSeq;
    /** A follower's engine is passive: it keeps its mem-tables and does not flush. */
    boolean passive = true;
    /** The writable mem-table (mems.tables[0] upstream). */
    long writableBytes;
    /** The immutable mem-tables, oldest first (mems.tables[len-1] .. [1] upstream). */
    final ArrayDeque<MemTable> immutables = new ArrayDeque<>();
    /** Writes taken while splitting, held in the splitting mem-tables (write.go writeSplitting); they become the new shard's. */
    long splittingBytes;
    /** The flush channel (flushCh) and whether the flush goroutine is busy with one. */
    final ArrayDeque<FlushTask> flushQueue = new ArrayDeque<>();

    boolean flushing;
    /** Flush change sets the meta has taken and the region worker has not applied yet (PeerStorage.applyingChanges, onGoingFlushCnt). */
    int flushesApplying;

    EngineShard(ShardMeta meta) {
        this.shardVer = meta.shardVer();
        this.splitStage = meta.splitStage();
        this.sequence = meta.seq();
    }

    String id(long regionId) {
        return regionId + ":" + shardVer;
    }
}
