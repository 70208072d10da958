package shardsim.scenarios.dropafterclone;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.node.Disk;
import shardsim.core.check.SimView;

/**
 * The checks' view of the physical copies, read from the BEs' disks after each event; no node
 * tells it anything. A disk is re-read only when its version moved. Each copy that disappeared
 * is a delete, judged for D1 against the FE's catalog of that moment (a BE event does not change
 * the catalog, so this is the catalog the delete saw), with the path the BE's
 * {@link TabletStore} recorded, or "unrecorded" if some code deleted it without the store.
 * Copies per tablet are counted as they come and go, so D2 costs O(1) per event.
 */
public final class CopyObserver {
    private final SimView sim;
    private final String fe;
    private final List<String> backends;
    /** The BEs' disks (a node keeps its disk across crashes), looked up once; null until the first look. */
    private Disk[] disks;
    /** Per BE, the disk version last read; Long.MIN_VALUE before the first read. */
    private final long[] diskVersion;
    private final TreeMap<String, Long> deletesRead = new TreeMap<>();
    private final TreeMap<String, TreeMap<Long, LocalTablet>> copies = new TreeMap<>();
    private final TreeMap<Long, Integer> copyCount = new TreeMap<>();
    private int tabletsWithoutCopy;
    private long firstLostTablet = -1;
    private long deletes;
    /** The first D1 problem not yet handed to the invariant. */
    private String d1Problem;

    public CopyObserver(SimView sim, String fe, List<String> backends) {
        this.sim = sim;
        this.fe = fe;
        this.backends = List.copyOf(backends);
        this.diskVersion = new long[this.backends.size()];
        java.util.Arrays.fill(diskVersion, Long.MIN_VALUE);
    }

    /** Registers a tablet of the catalog; it counts as without a copy until one is seen. */
    void track(long tabletId) {
        if (!copyCount.containsKey(tabletId)) {
            copyCount.put(tabletId, 0);
            tabletsWithoutCopy++;
        }
    }

    /** D1 after this event: null unless a BE deleted a copy the catalog references. */
    public String d1() {
        refresh();
        String p = d1Problem;
        d1Problem = null;
        return p;
    }

    /** D2 at all times: null while every tablet has a copy somewhere. */
    public String everyTabletHasACopy() {
        refresh();
        if (tabletsWithoutCopy == 0) {
            return null;
        }
        return tabletsWithoutCopy + " tablet(s) have no copy on any BE (first: tablet " + firstLostTablet + ")";
    }

    // Runs twice after every event (D1 and D2), so it only compares one version per BE unless a disk moved.
    private void refresh() {
        if (disks == null) {
            disks = new Disk[backends.size()];
            for (int i = 0; i < disks.length; i++) {
                disks[i] = sim.disk(backends.get(i));
            }
        }
        for (int i = 0; i < disks.length; i++) {
            long v = disks[i].version();
            if (diskVersion[i] == v) {
                continue;
            }
            diskVersion[i] = v;
            reread(backends.get(i), disks[i]);
        }
    }

    private void reread(String be, Disk disk) {
        TreeMap<Long, LocalTablet> now = new TreeMap<>();
        for (LocalTablet t : TabletStore.tablets(disk)) {
            now.put(t.tabletId(), t);
        }
        TreeMap<Long, TabletStore.DeletedCopy> recorded = new TreeMap<>();
        long count = TabletStore.deleteCount(disk);
        for (long n = deletesRead.getOrDefault(be, 0L); n < count; n++) {
            TabletStore.DeletedCopy d = TabletStore.deleted(disk, n);
            recorded.put(d.copy().tabletId(), d);
        }
        deletesRead.put(be, count);
        TreeMap<Long, LocalTablet> before = copies.getOrDefault(be, new TreeMap<>());
        for (Map.Entry<Long, LocalTablet> e : before.entrySet()) {
            if (!now.containsKey(e.getKey())) {
                TabletStore.DeletedCopy d = recorded.get(e.getKey());
                deleted(be, e.getValue(), d == null ? "unrecorded" : d.path());
            }
        }
        for (Long tabletId : now.keySet()) {
            if (!before.containsKey(tabletId)) {
                change(tabletId, +1);
            }
        }
        copies.put(be, now);
    }

    /**
     * D1: the catalog must not rely on the deleted copy, that is place a NORMAL replica on this BE,
     * or a CLONE replica whose clone wrote this very copy.
     */
    private void deleted(String be, LocalTablet copy, String path) {
        deletes++;
        change(copy.tabletId(), -1);
        TabletMeta meta = Catalog.tablet(sim.disk(fe), copy.tabletId());
        Replica r = meta == null ? null : meta.replicaOn(be);
        if (d1Problem == null && r != null && (r.state() == Replica.State.NORMAL || r.replicaId() == copy.writtenFor())) {
            d1Problem = be + " deletes tablet " + copy.tabletId() + " (meta replica " + copy.replicaId() + ", written for " + copy.writtenFor()
                    + ", by " + path + ") while the catalog references replica " + r.replicaId() + " there in state " + r.state() + (r.bad() ? ", bad" : "");
        }
    }

    private void change(long tabletId, int delta) {
        int before = copyCount.getOrDefault(tabletId, 0);
        int after = before + delta;
        copyCount.put(tabletId, after);
        if (before > 0 && after == 0) {
            tabletsWithoutCopy++;
            if (firstLostTablet < 0) {
                firstLostTablet = tabletId;
            }
        } else if (before == 0 && after > 0) {
            tabletsWithoutCopy--;
        }
    }

    /** Copies of {@code tabletId} on the BEs as of the last event. */
    public int copies(long tabletId) {
        refresh();
        return copyCount.getOrDefault(tabletId, 0);
    }

    /** Deletes seen so far, by any path. */
    public long deletes() {
        refresh();
        return deletes;
    }

    public Map<Long, Integer> copiesByTablet() {
        refresh();
        return Collections.unmodifiableMap(copyCount);
    }

    /** The BEs watched, in order. */
    List<String> backends() {
        return new ArrayList<>(backends);
    }
}
