package shardsim.scenarios.versionskew.model;

/**
 * Meta's durable record that a table exists (ceresmeta's table manager, {@code CreateTableMetadata}
 * in cluster/metadata/cluster_metadata.go at incubator-horaedb-meta 81b8d68), apart from the shard
 * views that list it (the topology). A create writes it before it dispatches to the node and
 * nothing removes it when the dispatch fails (ceresmeta #228); a drop removes it.
 *
 * @param table the table's name (it stands for its id: the model never reuses a name)
 * @param shardId the shard the create was for
 */
public record TableMetadata(String table, int shardId) {
    static String key(String table) {
        return "table/" + table;
    }
}
