package shardsim.scenarios.splitstall;

/**
 * The engine's in-memory view of one region on one store. Only the region worker moves
 * {@code shardVer}, {@code splitStage} and {@code sequence}; a restart reloads them from the meta.
 */
final class EngineShard {
    long shardVer;
    SplitStage splitStage;
    long sequence;
    /** A follower's engine is passive: it keeps its mem-tables and does not flush. */
    boolean passive = true;
    long memTableBytes;
    /** The mem-table switched at PRE_SPLIT is waiting to be flushed (volatile: lost on restart). */
    boolean preSplitMemTable;
    boolean flushing;

    EngineShard(ShardMeta meta) {
        this.shardVer = meta.shardVer();
        this.splitStage = meta.splitStage();
        this.sequence = meta.seq();
    }

    String id(long regionId) {
        return regionId + ":" + shardVer;
    }
}
