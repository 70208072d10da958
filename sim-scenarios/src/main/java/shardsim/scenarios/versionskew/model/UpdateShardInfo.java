package shardsim.scenarios.versionskew.model;

/**
 * What meta asks the node to do to a shard's version with a DDL. Meta before the fix sends
 * {@code curr.version = prevVersion + 1}; meta with the fix sends its current version in
 * {@code curr} and no {@code prev_version}, which the node then reads as 0 ({@link VersionWire}).
 */
public record UpdateShardInfo(ShardInfo currShardInfo, long prevVersion) {
    @Override
    public String toString() {
        return "UpdateShardInfo { curr_shard_info: " + currShardInfo + ", prev_version: " + prevVersion + " }";
    }
}
