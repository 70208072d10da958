package shardsim.scenarios.dropafterclone;

import java.util.Map;
import java.util.TreeMap;
import shardsim.core.node.Disk;
import shardsim.core.sim.Simulation;

/**
 * The checker's view of physical copies, told by the BEs at each install and delete (the writes
 * are durable, so the ledger and the disks agree across crashes). It keeps the count of whole
 * copies per tablet so that D2 costs O(1) per event. At the moment of a delete it notes whether
 * the catalog still referenced the copy; the D1 invariant ({@link Checks}) reports that note after
 * the event, since model code (a BE deleting) must not raise a violation itself.
 */
public final class CopyLedger {
    private final Simulation sim;
    private final String fe;
    private final TreeMap<Long, Integer> wholeCopies = new TreeMap<>();
    private int tabletsWithoutCopy;
    private long firstLostTablet = -1;
    private long deletes;
    /** The first delete of a referenced copy not yet reported by D1, or null. */
    private String unreportedD1;

    public CopyLedger(Simulation sim, String fe) {
        this.sim = sim;
        this.fe = fe;
    }

    /** Registers a tablet of the initial placement. */
    void track(long tabletId) {
        if (!wholeCopies.containsKey(tabletId)) {
            wholeCopies.put(tabletId, 0);
            // Counted as without a copy until its first copy is installed.
            tabletsWithoutCopy++;
        }
    }

    void installed(String backend, LocalTablet before, LocalTablet after) {
        if (before != null && before.complete()) {
            change(before.tabletId(), -1);
        }
        if (after.complete()) {
            change(after.tabletId(), +1);
        }
    }

    /**
     * D1's evidence, taken just before the BE deletes {@code copy}: the catalog must not rely on
     * it, that is place a NORMAL replica on this BE, or a CLONE replica whose clone wrote this very copy.
     */
    void deleting(String backend, LocalTablet copy) {
        deletes++;
        Disk disk = sim.disk(fe);
        TabletMeta meta = Catalog.tablet(disk, copy.tabletId());
        Replica r = meta == null ? null : meta.replicaOn(backend);
        if (unreportedD1 == null && r != null && (r.state() == Replica.State.NORMAL || r.replicaId() == copy.writtenFor())) {
            unreportedD1 = (backend + " deletes tablet " + copy.tabletId() + " (meta replica " + copy.replicaId() + ", written for "
                    + copy.writtenFor() + ") while the catalog references replica " + r.replicaId() + " there in state " + r.state());
        }
    }

    /** D1 after every event: the referenced delete noted during the event, once; else null. */
    public String referencedCopyDeleted() {
        String d1 = unreportedD1;
        unreportedD1 = null;
        return d1;
    }

    void deleted(String backend, LocalTablet copy) {
        if (copy.complete()) {
            change(copy.tabletId(), -1);
        }
    }

    private void change(long tabletId, int delta) {
        int before = wholeCopies.getOrDefault(tabletId, 0);
        int after = before + delta;
        wholeCopies.put(tabletId, after);
        if (before > 0 && after == 0) {
            tabletsWithoutCopy++;
            if (firstLostTablet < 0) {
                firstLostTablet = tabletId;
            }
        } else if (before == 0 && after > 0) {
            tabletsWithoutCopy--;
        }
    }

    /** D2 at all times: null while every tablet has a whole copy somewhere. */
    public String everyTabletHasACopy() {
        if (tabletsWithoutCopy == 0) {
            return null;
        }
        return tabletsWithoutCopy + " tablet(s) have no whole copy on any BE (first: tablet " + firstLostTablet + ")";
    }

    public int wholeCopies(long tabletId) {
        return wholeCopies.getOrDefault(tabletId, 0);
    }

    public long deletes() {
        return deletes;
    }

    public Map<Long, Integer> copiesByTablet() {
        return java.util.Collections.unmodifiableMap(wholeCopies);
    }
}
