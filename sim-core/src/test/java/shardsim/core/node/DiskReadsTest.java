package shardsim.core.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import shardsim.core.random.SimRandom;

/**
 * The disk's reads ({@code get}, {@code keys}, {@code values}), which take shortcuts when nothing is
 * pending, agree with a plain model of it (a durable map and a pending map) over random sequences
 * of writes, deletes, flushes and crashes.
 */
class DiskReadsTest {
    private static final List<String> KEYS = List.of("a/1", "a/2", "a/3", "b/1", "b/2", "ab");

    @Test
    void readsAgreeWithAPlainModel() {
        for (long seed = 0; seed < 50; seed++) {
            SimRandom r = new SimRandom(seed);
            Disk disk = new Disk();
            TreeMap<String, Integer> durable = new TreeMap<>();
            TreeMap<String, Integer> pending = new TreeMap<>();
            List<String> deleted = new ArrayList<>();
            for (int step = 0; step < 200; step++) {
                String key = r.pick(KEYS);
                int op = r.nextInt(7);
                if (op == 0) {
                    disk.put(key, step);
                    pending.put(key, step);
                    deleted.remove(key);
                } else if (op == 1) {
                    disk.delete(key);
                    pending.remove(key);
                    if (!deleted.contains(key)) {
                        deleted.add(key);
                    }
                } else if (op == 2) {
                    disk.putDurable(key, step);
                    deleted.forEach(durable::remove);
                    durable.putAll(pending);
                    durable.put(key, step);
                    pending.clear();
                    deleted.clear();
                } else if (op == 3) {
                    disk.flush();
                    deleted.forEach(durable::remove);
                    durable.putAll(pending);
                    pending.clear();
                    deleted.clear();
                } else if (op == 4) {
                    disk.loseUnflushed();
                    pending.clear();
                    deleted.clear();
                }
                TreeMap<String, Integer> visible = new TreeMap<>(durable);
                deleted.forEach(visible::remove);
                visible.putAll(pending);
                for (String k : KEYS) {
                    assertEquals(
                            Optional.ofNullable(visible.get(k)),
                            disk.get(k, Integer.class),
                            "seed " + seed + " step " + step + " key " + k);
                }
                for (String prefix : List.of("a", "a/", "b/", "c")) {
                    List<String> keys =
                            new ArrayList<>(visible.subMap(prefix, true, prefix + Character.MAX_VALUE, false)
                                    .keySet());
                    List<Integer> values =
                            new ArrayList<>(visible.subMap(prefix, true, prefix + Character.MAX_VALUE, false)
                                    .values());
                    assertEquals(keys, disk.keys(prefix), "seed " + seed + " step " + step + " prefix " + prefix);
                    assertEquals(
                            values,
                            disk.values(prefix, Integer.class),
                            "seed " + seed + " step " + step + " prefix " + prefix);
                }
            }
        }
    }
}
