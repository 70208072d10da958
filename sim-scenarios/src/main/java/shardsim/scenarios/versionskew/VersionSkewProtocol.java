package shardsim.scenarios.versionskew;

import java.util.List;
import shardsim.core.node.Message;

/**
 * Every message of the scenario. Meta-to-node requests carry the target node's incarnation (a
 * request meant for a process that has since restarted is refused, as a broken connection would
 * refuse it) and the shard's {@code openId}, meta's durable fencing number of the shard's current
 * assignment, so a request or heartbeat from an older assignment cannot be taken for a current one.
 */
public sealed interface VersionSkewProtocol extends Message {

    /** meta -> node: create a table on a shard (HoraeDB's CreateTableOnShardRequest). */
    record CreateTableOnShard(UpdateShardInfo updateShardInfo, String table, long openId, int incarnation) implements VersionSkewProtocol {
        @Override
        public String toString() {
            return "CreateTableOnShardRequest { update_shard_info: " + updateShardInfo + ", table: " + table + ", open: " + openId + ", incarnation: " + incarnation + " }";
        }
    }

    /** meta -> node: drop a table from a shard. */
    record DropTableOnShard(UpdateShardInfo updateShardInfo, String table, long openId, int incarnation) implements VersionSkewProtocol {
        @Override
        public String toString() {
            return "DropTableOnShardRequest { update_shard_info: " + updateShardInfo + ", table: " + table + ", open: " + openId + ", incarnation: " + incarnation + " }";
        }
    }

    /** meta -> node: open a shard at the given version with meta's table list. */
    record OpenShard(ShardInfo shard, List<String> tables, long openId, int incarnation) implements VersionSkewProtocol {
        public OpenShard {
            tables = List.copyOf(tables);
        }

        @Override
        public String toString() {
            return "OpenShardRequest { shard: " + shard + ", tables: " + tables.size() + ", open: " + openId + ", incarnation: " + incarnation + " }";
        }
    }

    /** meta -> node, one way: close the shard if its assignment is {@code openId} or older. */
    record CloseShard(int shardId, long openId, int incarnation) implements VersionSkewProtocol {
        @Override
        public String toString() {
            return "CloseShardRequest { shard_id: " + shardId + ", open: " + openId + ", incarnation: " + incarnation + " }";
        }
    }

    /** node -> meta: the answer to a shard request; {@code latestShardVersion} is the node's version after it. */
    record ShardResult(boolean success, String error, long latestShardVersion) implements VersionSkewProtocol {
        @Override
        public String toString() {
            return success ? "ShardResult { success, latest_shard_version: " + latestShardVersion + " }" : "ShardResult { error: " + error + " }";
        }
    }

    /** One shard in a heartbeat. */
    record ShardEntry(ShardInfo shard, long openId) {
        @Override
        public String toString() {
            return shard.id() + "@" + shard.version() + "/" + openId;
        }
    }

    /** node -> meta, one way, every 2/3 of the lease: the node's open shards and their versions. */
    record Heartbeat(String node, int incarnation, List<ShardEntry> shards) implements VersionSkewProtocol {
        public Heartbeat {
            shards = List.copyOf(shards);
        }

        @Override
        public String toString() {
            return "Heartbeat { node: " + node + ", incarnation: " + incarnation + ", shards: " + shards + " }";
        }
    }

    /** client -> meta: CREATE TABLE. */
    record CreateTable(int shardId, String table) implements VersionSkewProtocol {
        @Override
        public String toString() {
            return "CREATE TABLE " + table + " (shard " + shardId + ")";
        }
    }

    /** client -> meta: DROP TABLE. */
    record DropTable(int shardId, String table) implements VersionSkewProtocol {
        @Override
        public String toString() {
            return "DROP TABLE " + table + " (shard " + shardId + ")";
        }
    }

    /** meta -> client: the outcome of a DDL. */
    record DdlResult(boolean success, String error) implements VersionSkewProtocol {
        @Override
        public String toString() {
            return success ? "DdlResult { ok }" : "DdlResult { error: " + error + " }";
        }
    }
}
