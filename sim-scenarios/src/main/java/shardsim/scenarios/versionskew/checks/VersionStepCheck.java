package shardsim.scenarios.versionskew.checks;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import shardsim.core.check.SimView;
import shardsim.scenarios.versionskew.model.DataNode;
import shardsim.scenarios.versionskew.model.Engine;

/**
 * C7, the lower bound C1 lacks: a create or drop a data node takes into a shard's table list moves
 * the shard's version. With the fix the node runs the engine first, then {@code try_create_table} /
 * {@code try_drop_table} check the version, update the table list and {@code inc_shard_version}
 * (cluster/src/shard_operator.rs {@code create_table} / {@code drop_table} and
 * cluster/src/shard_set.rs {@code try_insert_table} / {@code try_remove_table}, horaedb 642934ae,
 * #1286). So for every shard a node holds open, {@code v - v_open} is at least the creates and
 * drops its engine applied since the open, less those the version check then refused (it refuses
 * after the engine acted, and C5 sees that table). C1 bounds the same difference from above by the
 * engine's count; between them, the version moves by exactly the DDLs the node registered.
 *
 * <p>Judged after every event. A node handles a DDL inside one event (engine, version check, table
 * list and bump in one handler), so no DDL is half done on a node when the check looks. Only an
 * event in which a node's engine ran an operation can break the bound (a version only grows while
 * the shard stays open), so the check reads a node's shards only then. It classifies each engine
 * create/drop from state: the version moved since the last look, so the node registered it; or the
 * shard's table list took it (a create: the table is listed now and was not at the last look; a
 * drop: the reverse), registered without a step, which breaks C7; or neither, so a check after the
 * engine (the version, or the table already listed / not listed) refused it. The engine's create
 * and drop succeed on a table in either state (upstream's are idempotent), so the table an
 * operation touched is read from {@link Engine#last}, not guessed from the engine's tables.
 *
 * <p>Reads only {@link DataNode#openShards()}, {@link DataNode.Shard} and {@link Engine}; draws nothing.
 */
final class VersionStepCheck {
    /** What the check last saw of one shard opened on one node. */
    private static final class Track {
        final DataNode.Shard shard;
        long applied;
        long version;
        long refused;
        /** The tables the shard listed at the last look. */
        TreeSet<String> listed;

        Track(DataNode.Shard shard, Engine engine) {
            this.shard = shard;
            this.applied = engine.applied(shard.id());
            this.version = shard.version();
            this.listed = new TreeSet<>(shard.tables());
        }
    }

    private final SimView sim;
    private final List<String> nodes;
    /** Per data node: the node object last seen (a restart makes a new one), its engine's change count then, and its shards. */
    private final DataNode[] seen;

    private final long[] engineChanges;
    private final List<TreeMap<Integer, Track>> tracks;

    VersionStepCheck(SimView sim, List<String> dataNodes) {
        this.sim = sim;
        this.nodes = List.copyOf(dataNodes);
        this.seen = new DataNode[nodes.size()];
        this.engineChanges = new long[nodes.size()];
        this.tracks = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            tracks.add(new TreeMap<>());
        }
    }

    /** C7 after an event: null when it holds, else what broke it. */
    String check() {
        for (int i = 0; i < nodes.size(); i++) {
            DataNode node = sim.node(nodes.get(i), DataNode.class);
            if (node == null) {
                continue;
            }
            TreeMap<Integer, Track> mine = tracks.get(i);
            if (node != seen[i]) {
                seen[i] = node;
                mine.clear();
            } else if (node.engine().changes() == engineChanges[i]) {
                continue;
            }
            engineChanges[i] = node.engine().changes();
            String problem = look(nodes.get(i), node.engine(), mine, node);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private static String look(String name, Engine engine, TreeMap<Integer, Track> mine, DataNode node) {
        for (DataNode.Shard s : node.openShards()) {
            Track t = mine.get(s.id());
            if (t == null || t.shard != s || engine.applied(s.id()) < t.applied) {
                mine.put(s.id(), new Track(s, engine));
                continue;
            }
            long applied = engine.applied(s.id());
            if (applied == t.applied) {
                continue;
            }
            String table = classify(t, engine, s, applied);
            long due = applied - t.refused;
            long steps = s.version() - s.openedVersion();
            if (steps < due) {
                return "shard " + s.id() + " on " + name + " moved " + s.openedVersion() + " -> " + s.version()
                        + " since it was opened, but its engine applied "
                        + applied + " create/drop(s) there and the version check refused " + t.refused
                        + " of them: the shard's table list took the last one (" + table + ") without a version step";
            }
        }
        return null;
    }

    /** Counts the engine's new create/drop(s) on the shard as registered or refused and updates the track; returns the table touched. */
    private static String classify(Track t, Engine engine, DataNode.Shard s, long applied) {
        boolean moved = s.version() != t.version;
        String table = "?";
        Engine.Op op = engine.last(s.id());
        if (applied - t.applied == 1 && op != null) {
            table = op.table();
            boolean before = t.listed.contains(table);
            boolean now = s.hasTable(table);
            boolean taken = op.create() ? !before && now : before && !now;
            if (!moved && !taken) {
                t.refused++;
            }
        } else {
            // Never seen: one event, one DDL. Judge nothing rather than guess which were taken.
            t.refused += Math.max(0, (applied - t.applied) - (s.version() - t.version));
        }
        t.applied = applied;
        t.version = s.version();
        t.listed = new TreeSet<>(s.tables());
        return table;
    }
}
