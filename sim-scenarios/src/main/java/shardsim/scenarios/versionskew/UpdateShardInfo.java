package shardsim.scenarios.versionskew;

/**
 * What meta asks the node to do to a shard's version with a DDL. With meta deciding the version
 * {@code curr.version = prevVersion + 1}; with the node deciding both carry meta's current version.
 */
public record UpdateShardInfo(ShardInfo currShardInfo, long prevVersion) {
    @Override
    public String toString() {
        return "UpdateShardInfo { curr_shard_info: " + currShardInfo + ", prev_version: " + prevVersion + " }";
    }
}
