package shardsim.scenarios.dropafterclone.checks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.check.SimView;
import shardsim.core.node.Disk;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.LocalTablet;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;
import shardsim.scenarios.dropafterclone.model.TabletStore;

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
    /** The first D13 case not yet handed to the invariant. */
    private String d13Gap;
    /** The DROPs the FE sent, for D13's excuse; null until the checks set it (then every such delete is D1's). */
    private SentDrops sentDrops;

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
        if (sentDrops != null) {
            sentDrops.refresh();
        }
        refresh();
        String p = d1Problem;
        d1Problem = null;
        return p;
    }

    /** Judges the deletes by DROPs against the DROPs the FE sent, so that D13's case is told apart from D1's. */
    void judgeDropsBy(SentDrops drops) {
        this.sentDrops = drops;
    }

    /** D13 after this event, after D1: null unless a DROP deleted a copy the FE had taken back after sending it. */
    String d13() {
        refresh();
        String g = d13Gap;
        d13Gap = null;
        return g;
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
                deleted(be, e.getValue(), recorded.get(e.getKey()));
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
     * or a CLONE replica whose clone wrote this very copy. D13, the residual gap, is the one such
     * delete D1 excuses: a DROP carrying the id of the NORMAL replica the catalog now places there,
     * every DROP of that id having been decided while the FE's catalog placed no replica of the
     * tablet on this BE ({@link SentDrops}), so the FE took the copy back into its catalog, under the
     * id the BE reported, after it decided the DROP.
     */
    private void deleted(String be, LocalTablet copy, TabletStore.DeletedCopy record) {
        deletes++;
        change(copy.tabletId(), -1);
        TabletMeta meta = Catalog.tablet(sim.disk(fe), copy.tabletId());
        Replica r = meta == null ? null : meta.replicaOn(be);
        if (r == null || !(r.state() == Replica.State.NORMAL || r.replicaId() == copy.writtenFor())) {
            return;
        }
        String path = record == null ? "unrecorded" : record.path();
        String what = be + " deletes tablet " + copy.tabletId() + " (meta replica " + copy.replicaId()
                + ", written for " + copy.writtenFor() + ", by " + path + ") while the catalog references replica "
                + r.replicaId() + " there in state " + r.state() + (r.bad() ? ", bad" : "");
        if (readopted(be, copy.tabletId(), r, record)) {
            if (d13Gap == null) {
                d13Gap = what
                        + ": the DROP carries that replica's id and was decided while the FE's catalog placed no replica of the tablet on "
                        + be + "; the FE took the copy back from a later tablet report, under the id " + be
                        + " reported, before the DROP ran";
            }
        } else if (d1Problem == null) {
            d1Problem = what;
        }
    }

    /** D13's excuse: see {@link #deleted}. */
    private boolean readopted(String be, long tabletId, Replica r, TabletStore.DeletedCopy record) {
        return sentDrops != null
                && record != null
                && r.state() == Replica.State.NORMAL
                && record.requestReplicaId() != TabletStore.NO_REQUEST_ID
                && record.requestReplicaId() == r.replicaId()
                && sentDrops.onlyDecidedWhileUnplaced(be, tabletId, r.replicaId());
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
