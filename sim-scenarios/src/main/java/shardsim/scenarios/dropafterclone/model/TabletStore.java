package shardsim.scenarios.dropafterclone.model;

import java.util.List;
import shardsim.core.node.Disk;

/**
 * The tablets on one BE's disk, and the only code that changes them. Every physical delete goes
 * through {@link #delete}, which also appends a durable record of what was deleted, by which path
 * and when: state the checks read from outside (D1 judges each record against the FE's catalog).
 * A delete that bypassed this class would still change the disk, and the D1 observer, which
 * re-reads a disk whenever its version moves, judges it too (as "unrecorded").
 */
public final class TabletStore {
    private static final String TABLET = "tablet/";
    private static final String DELETE_COUNT = "deletes/count";
    private static final String DELETE = "deletes/";

    /**
     * One physical delete: the copy as it was, the code path that deleted it, when, and the replica
     * id the deleting request carried as the BE read it ({@link #NO_REQUEST_ID} when none: a path
     * without one, or a BE or FE without the field).
     */
    public record DeletedCopy(LocalTablet copy, String path, long atMicros, long requestReplicaId) {}

    /** A delete whose request carried no replica id the BE read. */
    public static final long NO_REQUEST_ID = 0;

    private final Disk disk;

    public TabletStore(Disk disk) {
        this.disk = disk;
    }

    public LocalTablet get(long tabletId) {
        return tablet(disk, tabletId);
    }

    List<LocalTablet> all() {
        return tablets(disk);
    }

    /** A copy made durable (created from a snapshot, or an incremental clone's result). */
    void install(LocalTablet copy) {
        disk.putDurable(TABLET + copy.tabletId(), copy);
    }

    /**
     * A new replica id in the tablet meta held in memory: Doris sets it on the tablet meta and saves
     * it with the next meta save, so a crash before that loses it (a pending write).
     */
    void stamp(LocalTablet copy, long replicaId) {
        disk.put(TABLET + copy.tabletId(), copy.stamped(replicaId));
    }

    /** Deletes {@code copy} for good, recording the delete and the replica id its request carried. */
    public void delete(LocalTablet copy, String path, long nowMicros, long requestReplicaId) {
        long n = deleteCount(disk);
        disk.deleteDurable(TABLET + copy.tabletId());
        disk.put(deleteKey(n), new DeletedCopy(copy, path, nowMicros, requestReplicaId));
        disk.putDurable(DELETE_COUNT, n + 1);
    }

    // ---- static readers, for seeding and for checks ----------------------------------------------

    /** Writes a tablet before the cluster starts (the scenario's initial placement). */
    public static void seed(Disk disk, LocalTablet copy) {
        disk.putDurable(TABLET + copy.tabletId(), copy);
    }

    /** The disk key of a tablet's copy, for readers that look the same tablet up after every event. */
    public static String key(long tabletId) {
        return TABLET + tabletId;
    }

    static LocalTablet tablet(Disk disk, long tabletId) {
        return disk.get(TABLET + tabletId, LocalTablet.class).orElse(null);
    }

    public static List<LocalTablet> tablets(Disk disk) {
        return disk.values(TABLET, LocalTablet.class);
    }

    /** How many deletes this disk has recorded. */
    public static long deleteCount(Disk disk) {
        return disk.get(DELETE_COUNT, Long.class).orElse(0L);
    }

    /** The key of the n-th delete record: n zero-padded to 12 digits, so keys sort in delete order. */
    private static String deleteKey(long n) {
        // Checks read the records after every delete; a formatter per read cost more than the read.
        String digits = Long.toString(n);
        StringBuilder sb = new StringBuilder(DELETE.length() + 12).append(DELETE);
        for (int i = digits.length(); i < 12; i++) {
            sb.append('0');
        }
        return sb.append(digits).toString();
    }

    /** The {@code n}-th recorded delete (0-based). */
    public static DeletedCopy deleted(Disk disk, long n) {
        return disk.get(deleteKey(n), DeletedCopy.class).orElseThrow();
    }
}
