package shardsim.core.node;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A node's simulated disk: a sorted key-value store where writes are pending until flushed. A
 * crash loses the pending writes and keeps the flushed ones. Values must be immutable.
 */
public final class Disk {
    private static final Object DELETED = new Object();
    private static final Object NOT_PENDING = new Object();

    private final TreeMap<String, Object> flushed = new TreeMap<>();
    /**
     * The same entries as {@link #flushed}, for {@link #get}: checkers read a few keys after every
     * event, and a hash lookup skips the string comparisons of a tree walk. Never iterated (a
     * LinkedHashMap all the same, as the determinism rules ask of every map in simulation code).
     */
    private final LinkedHashMap<String, Object> flushedIndex = new LinkedHashMap<>();

    private final LinkedHashMap<String, Object> pending = new LinkedHashMap<>();
    /** Counts every change of what {@link #get} can return, so an observer can skip unchanged disks. */
    private long version;

    /** A write that is lost if the node crashes before {@link #flush()}. */
    public void put(String key, Object value) {
        version++;
        pending.put(key, value);
    }

    /** Deletes a key; like a write, the deletion is lost in a crash unless flushed. */
    public void delete(String key) {
        version++;
        pending.put(key, DELETED);
    }

    /** A write that is durable at once (put followed by flush of everything pending). */
    public void putDurable(String key, Object value) {
        if (pending.isEmpty()) {
            // What put-then-flush does when nothing else is pending, without the pending map.
            version++;
            store(key, value);
            return;
        }
        put(key, value);
        flush();
    }

    /** Deletes a key at once and for good, as a write flushed with it would. */
    public void deleteDurable(String key) {
        delete(key);
        flush();
    }

    /** Makes every pending write durable, in write order. */
    public void flush() {
        for (Map.Entry<String, Object> e : pending.entrySet()) {
            if (e.getValue() == DELETED) {
                flushed.remove(e.getKey());
                flushedIndex.remove(e.getKey());
            } else {
                store(e.getKey(), e.getValue());
            }
        }
        pending.clear();
    }

    private void store(String key, Object value) {
        flushed.put(key, value);
        flushedIndex.put(key, value);
    }

    /** Reads through pending writes. */
    public <T> Optional<T> get(String key, Class<T> type) {
        // One lookup per map; a pending entry (even a null value) hides the flushed one.
        Object v = pending.isEmpty() ? flushedIndex.get(key) : pending.getOrDefault(key, NOT_PENDING);
        if (v == NOT_PENDING) {
            v = flushedIndex.get(key);
        }
        if (v == null || v == DELETED) {
            return Optional.empty();
        }
        return Optional.of(type.cast(v));
    }

    /** The keys with this prefix, sorted, pending writes included. */
    public List<String> keys(String prefix) {
        if (pending.isEmpty()) {
            return new ArrayList<>(flushed.subMap(prefix, true, prefix + Character.MAX_VALUE, false)
                    .keySet());
        }
        TreeMap<String, Object> view = new TreeMap<>(flushed.subMap(prefix, true, prefix + Character.MAX_VALUE, false));
        for (Map.Entry<String, Object> e : pending.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                if (e.getValue() == DELETED) {
                    view.remove(e.getKey());
                } else {
                    view.put(e.getKey(), e.getValue());
                }
            }
        }
        return new ArrayList<>(view.keySet());
    }

    /**
     * The values of the keys with this prefix, in key order, pending writes included: what
     * {@link #keys} then {@link #get} of each key returns, without a lookup per key.
     */
    public <T> List<T> values(String prefix, Class<T> type) {
        List<T> out = new ArrayList<>();
        if (pending.isEmpty()) {
            for (Object v : flushed.subMap(prefix, true, prefix + Character.MAX_VALUE, false)
                    .values()) {
                out.add(type.cast(v));
            }
            return out;
        }
        for (String key : keys(prefix)) {
            out.add(get(key, type).orElseThrow());
        }
        return out;
    }

    /**
     * A number that changes whenever a read could see something different (a put, a delete, or a
     * crash losing pending writes); equal numbers mean an unchanged disk. Checkers use it to look
     * at a disk only after it changed.
     */
    public long version() {
        return version;
    }

    /** Writes and deletions not flushed yet (a crash loses them). */
    public int pendingWrites() {
        return pending.size();
    }

    /** What a crash does to the disk: pending writes are gone. */
    public void loseUnflushed() {
        if (!pending.isEmpty()) {
            version++;
        }
        pending.clear();
    }
}
