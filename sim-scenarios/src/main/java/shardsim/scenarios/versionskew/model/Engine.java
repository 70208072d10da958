package shardsim.scenarios.versionskew.model;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A data node's table engine (HoraeDB's volatile schema over the analytic engine, behind
 * {@code TableOperator}), as state: per shard, the tables this node has opened, how many creates
 * and drops it has run since the shard was opened here, and the last of them. It is separate from
 * the shard's own table list (the cluster layer's {@code ShardData.tables}), so a check can see the
 * two disagree; what it creates and drops lands in the shards' shared {@link ShardStorage}.
 * Volatile: a restart leaves it empty until meta reopens the shard.
 *
 * <p>Both operations succeed on a table in either state, as upstream's do
 * (catalog_impls/src/volatile.rs at horaedb 642934ae): a create of a table the schema holds returns
 * that table (l.290-313; the analytic engine's {@code do_create_table} likewise returns a table it
 * finds by id, so a create of a table on storage but not opened here adopts it), and a drop of a
 * table the schema does not hold returns {@code Ok(false)} without touching storage (l.352-366).
 */
public final class Engine {
    /** One create or drop the engine ran: what and on which table, and whether it changed anything. */
    public record Op(boolean create, String table, boolean changed) {}

    /** One shard's tables in the engine. */
    private static final class Tables {
        final TreeSet<String> held = new TreeSet<>();
        long applied;
        Op last;
    }

    private final ShardStorage storage;
    private final TreeMap<Integer, Tables> shards = new TreeMap<>();
    /** Counts every create or drop run and every open or close, so an observer can skip an unchanged engine. */
    private long changes;

    Engine(ShardStorage storage) {
        this.storage = storage;
    }

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

    /** Creates the table, or returns the one it holds; false only if the shard is not open here. */
    public boolean create(int shardId, String table) {
        Tables t = shards.get(shardId);
        if (t == null) {
            return false;
        }
        boolean changed = t.held.add(table);
        storage.add(shardId, table);
        ran(t, new Op(true, table, changed));
        return true;
    }

    /** Drops the table if it holds it, and succeeds either way; false only if the shard is not open here. */
    public boolean drop(int shardId, String table) {
        Tables t = shards.get(shardId);
        if (t == null) {
            return false;
        }
        boolean changed = t.held.remove(table);
        if (changed) {
            storage.remove(shardId, table);
        }
        ran(t, new Op(false, table, changed));
        return true;
    }

    private void ran(Tables t, Op op) {
        t.applied++;
        t.last = op;
        changes++;
    }

    /** The tables the engine holds open for the shard (empty if it has not opened it). For checkers. */
    public Set<String> tables(int shardId) {
        Tables t = shards.get(shardId);
        return Collections.unmodifiableSet(t == null ? new TreeSet<>() : t.held);
    }

    /** A number that moves whenever the engine runs a create or drop or opens or closes a shard; equal numbers mean an unchanged engine. For observers. */
    public long changes() {
        return changes;
    }

    /** Creates and drops run on the shard since it was opened here. For checkers. */
    public long applied(int shardId) {
        Tables t = shards.get(shardId);
        return t == null ? 0 : t.applied;
    }

    /** The last create or drop run on the shard since it was opened here, or null. For checkers. */
    public Op last(int shardId) {
        Tables t = shards.get(shardId);
        return t == null ? null : t.last;
    }
}
