package shardsim.scenarios.versionskew.model;

import java.util.List;
import shardsim.core.node.Message;

/**
 * Every message of the scenario. DDLs carry only what HoraeDB's carry: the shard info and the
 * table. Opening and closing a shard also carry the target process's incarnation, which stands for
 * the gRPC connection: a request meant for a process that has since stopped dies with its
 * connection. Which node may hold a shard is the etcd shard lock's business ({@link ShardLocks}).
 */
public sealed interface SkewProtocol extends Message {

    /** meta -> node: create a table on a shard (HoraeDB's CreateTableOnShardRequest). */
    record CreateTableOnShard(UpdateShardInfo updateShardInfo, String table) implements SkewProtocol {
        @Override
        public String toString() {
            return "CreateTableOnShardRequest { update_shard_info: " + updateShardInfo + ", table: " + table + " }";
        }
    }

    /** meta -> node: drop a table from a shard. */
    record DropTableOnShard(UpdateShardInfo updateShardInfo, String table) implements SkewProtocol {
        @Override
        public String toString() {
            return "DropTableOnShardRequest { update_shard_info: " + updateShardInfo + ", table: " + table + " }";
        }
    }

    /**
     * meta -> node: open a shard. The node compares {@code shard.version} with a copy it already
     * holds, and otherwise rebuilds the shard from meta's stored view ({@link GetTablesOfShards}).
     */
    record OpenShard(ShardInfo shard, int incarnation) implements SkewProtocol {
        @Override
        public String toString() {
            return "OpenShardRequest { shard: " + shard + ", incarnation: " + incarnation + " }";
        }
    }

    /** node -> meta: the stored view of a shard, asked for while opening it. */
    record GetTablesOfShards(int shardId) implements SkewProtocol {
        @Override
        public String toString() {
            return "GetTablesOfShardsRequest { shard_ids: [" + shardId + "] }";
        }
    }

    /** meta -> node: the answer, meta's stored shard info and table list. */
    record TablesOfShard(ShardInfo shard, List<String> tables) implements SkewProtocol {
        public TablesOfShard {
            tables = List.copyOf(tables);
        }

        @Override
        public String toString() {
            return "TablesOfShard { shard_info: " + shard + ", tables: " + tables.size() + " }";
        }
    }

    /** meta -> node: close the shard and release its lock; answered with a {@link ShardResult}. */
    record CloseShard(int shardId, int incarnation) implements SkewProtocol {
        @Override
        public String toString() {
            return "CloseShardRequest { shard_id: " + shardId + ", incarnation: " + incarnation + " }";
        }
    }

    /**
     * node -> meta: the answer to a shard request. {@code latestShardVersion} is the node's version
     * after a DDL when the node's code sets the field (the fix); otherwise, and on an error, the
     * field is absent and reads as 0 ({@link VersionWire#ABSENT}).
     */
    record ShardResult(boolean success, String error, long latestShardVersion) implements SkewProtocol {
        @Override
        public String toString() {
            return success
                    ? "ShardResult { success, latest_shard_version: " + latestShardVersion + " }"
                    : "ShardResult { error: " + error + " }";
        }
    }

    /** One shard in a heartbeat. */
    record ShardEntry(ShardInfo shard) {
        @Override
        public String toString() {
            return shard.id() + "@" + shard.version();
        }
    }

    /** node -> meta, one way, every 2/3 of the lease: the node's open shards and their versions. */
    record Heartbeat(String node, int incarnation, List<ShardEntry> shards) implements SkewProtocol {
        public Heartbeat {
            shards = List.copyOf(shards);
        }

        @Override
        public String toString() {
            return "Heartbeat { node: " + node + ", incarnation: " + incarnation + ", shards: " + shards + " }";
        }
    }

    /** client -> meta: CREATE TABLE. */
    record CreateTable(int shardId, String table) implements SkewProtocol {
        @Override
        public String toString() {
            return "CREATE TABLE " + table + " (shard " + shardId + ")";
        }
    }

    /** client -> meta: DROP TABLE. */
    record DropTable(int shardId, String table) implements SkewProtocol {
        @Override
        public String toString() {
            return "DROP TABLE " + table + " (shard " + shardId + ")";
        }
    }

    /** meta -> client: the outcome of a DDL. */
    record DdlResult(boolean success, String error) implements SkewProtocol {
        @Override
        public String toString() {
            return success ? "DdlResult { ok }" : "DdlResult { error: " + error + " }";
        }
    }
}
