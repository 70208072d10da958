package shardsim.scenarios.versionskew.plan;

import shardsim.core.workload.Operation;

/**
 * The client's requests to ceresmeta, as workload data: the SQL {@code CREATE TABLE} and
 * {@code DROP TABLE} that meta turns into CreateTableOnShard / DropTableOnShard procedures.
 * An operation is an attempt: the client skips it, with a note in the trace, when the shard does
 * not exist in the run's world, when it still waits for its last DDL on the shard, or (for a drop)
 * when it was never told the table was created. So any subset of a workload is a valid workload.
 */
public sealed interface SkewOperation extends Operation {
    int shardId();

    String table();

    /** CREATE TABLE {@code table} on shard {@code shardId}. */
    record CreateTable(int shardId, String table) implements SkewOperation {
        public CreateTable {
            if (table == null || table.isEmpty()) {
                throw new IllegalArgumentException("CREATE TABLE needs a table name");
            }
        }
    }

    /** DROP TABLE {@code table}, which the client believes lives on shard {@code shardId}. */
    record DropTable(int shardId, String table) implements SkewOperation {
        public DropTable {
            if (table == null || table.isEmpty()) {
                throw new IllegalArgumentException("DROP TABLE needs a table name");
            }
        }
    }
}
