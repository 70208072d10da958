package shardsim.scenarios.versionskew.model;

import java.util.Collections;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The tables each shard's storage holds: the analytic engine's manifest, on storage every data
 * node shares, so it outlives a node's restart and follows the shard to its next leader. An engine
 * create writes the table there ({@code do_create_table} applies {@code MetaUpdate::AddTable} to the
 * manifest, analytic_engine/src/instance/create.rs at horaedb 642934ae) and a drop of an opened
 * table removes it; opening a shard reads only the tables meta lists
 * ({@code ShardOperator::open}, cluster/src/shard_operator.rs), so a table created on the engine
 * but never recorded by meta stays here, opened by no node: C5's orphan.
 */
public final class ShardStorage {
    private final TreeMap<Integer, TreeSet<String>> tables = new TreeMap<>();

    void add(int shardId, String table) {
        tables.computeIfAbsent(shardId, k -> new TreeSet<>()).add(table);
    }

    void remove(int shardId, String table) {
        TreeSet<String> t = tables.get(shardId);
        if (t != null) {
            t.remove(table);
        }
    }

    /** The tables the shard's storage holds. For checkers. */
    public Set<String> tables(int shardId) {
        TreeSet<String> t = tables.get(shardId);
        return Collections.unmodifiableSortedSet(t == null ? new TreeSet<>() : t);
    }
}
