package shardsim.scenarios.versionskew;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A data node's table engine (HoraeDB's analytic engine behind {@code TableOperator}), as state:
 * per shard, the tables it really holds and how many creates and drops it has applied since the
 * shard was opened on this node. It is separate from the shard's own table list (the cluster
 * layer's {@code ShardData.tables}), so a check can see the two disagree. Volatile: a restart
 * leaves it empty until meta reopens the shard.
 */
public final class Engine {
    /** One shard's tables in the engine. */
    private static final class Tables {
        final TreeSet<String> held = new TreeSet<>();
        long applied;
    }

    private final TreeMap<Integer, Tables> shards = new TreeMap<>();
    /** Counts every change of what {@link #tables} can return, so an observer can skip an unchanged engine. */
    private long changes;

    /** Opens the shard's tables as meta listed them; what it held before for the shard is closed. */
    void open(int shardId, List<String> tables) {
        Tables t = new Tables();
        t.held.addAll(tables);
        shards.put(shardId, t);
        changes++;
    }

    void close(int shardId) {
        shards.remove(shardId);
        changes++;
    }

    /** Creates the table; false if the engine already holds it (create_if_not_exist is false). */
    boolean create(int shardId, String table) {
        Tables t = shards.get(shardId);
        if (t == null || !t.held.add(table)) {
            return false;
        }
        t.applied++;
        changes++;
        return true;
    }

    /** Drops the table; false if the engine does not hold it. */
    boolean drop(int shardId, String table) {
        Tables t = shards.get(shardId);
        if (t == null || !t.held.remove(table)) {
            return false;
        }
        t.applied++;
        changes++;
        return true;
    }

    /** The tables the engine holds for the shard (empty if it has not opened it). For checkers. */
    public Set<String> tables(int shardId) {
        Tables t = shards.get(shardId);
        return Collections.unmodifiableSet(t == null ? new TreeSet<>() : t.held);
    }

    /** A number that moves whenever the tables of any shard change; equal numbers mean an unchanged engine. For observers. */
    public long changes() {
        return changes;
    }

    /** Creates and drops applied to the shard since it was opened here. For checkers. */
    public long applied(int shardId) {
        Tables t = shards.get(shardId);
        return t == null ? 0 : t.applied;
    }
}
