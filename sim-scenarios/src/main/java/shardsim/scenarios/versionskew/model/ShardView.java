package shardsim.scenarios.versionskew.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Meta's durable view of a shard: its version, tables and the data node meta opened it on last.
 * Immutable: every change writes a new view to meta's disk.
 */
public record ShardView(int shardId, long version, List<String> tables, String leader) {
    public ShardView {
        tables = List.copyOf(tables);
    }

    @Override
    public String toString() {
        return "shard " + shardId + " v" + version + " on " + leader + " tables " + tables.size();
    }

    /**
     * Keys of the small ids layouts use (random layouts stay under 130), built once: meta and the
     * checks look a view up by key after nearly every event.
     */
    private static final String[] KEYS = new String[256];

    static {
        for (int id = 0; id < KEYS.length; id++) {
            KEYS[id] = build(id);
        }
    }

    public static String key(int shardId) {
        return shardId >= 0 && shardId < KEYS.length ? KEYS[shardId] : build(shardId);
    }

    private static String build(int shardId) {
        String n = Integer.toString(shardId);
        return "shard/" + "000000".substring(Math.min(6, n.length())) + n;
    }

    public ShardView withVersion(long v) {
        return new ShardView(shardId, v, tables, leader);
    }

    public ShardView withTable(String table, boolean present) {
        List<String> t = new ArrayList<>(tables);
        t.remove(table);
        if (present) {
            t.add(table);
            t.sort(null);
        }
        return new ShardView(shardId, version, t, leader);
    }

    public ShardView assigned(String node) {
        return new ShardView(shardId, version, tables, node);
    }
}
