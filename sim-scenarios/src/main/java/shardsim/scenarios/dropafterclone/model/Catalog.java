package shardsim.scenarios.dropafterclone.model;

import java.util.List;
import shardsim.core.node.Disk;

/**
 * The FE's durable catalog (what Doris keeps in its edit log): tablet metas and the replica id
 * generator, on the FE's disk. Static helpers so that checkers read exactly what the FE persisted.
 */
public final class Catalog {
    private static final String TABLET = "catalog/tablet/";
    private static final String NEXT_REPLICA_ID = "catalog/next-replica-id";

    private Catalog() {}

    /** The disk key of a tablet's meta, for readers that look the same tablet up after every event. */
    public static String key(long tabletId) {
        return TABLET + tabletId;
    }

    public static TabletMeta tablet(Disk disk, long tabletId) {
        return disk.get(TABLET + tabletId, TabletMeta.class).orElse(null);
    }

    /** Every tablet, by id (the keys have equal width, so string order is id order). */
    public static List<TabletMeta> tablets(Disk disk) {
        return disk.values(TABLET, TabletMeta.class);
    }

    public static void put(Disk disk, TabletMeta meta) {
        disk.putDurable(TABLET + meta.tabletId(), meta);
    }

    /** Takes the next replica id; the generator is durable so ids never repeat across FE restarts. */
    public static long nextReplicaId(Disk disk) {
        long id = disk.get(NEXT_REPLICA_ID, Long.class)
                .orElseThrow(() -> new IllegalStateException("replica id generator not initialised"));
        disk.putDurable(NEXT_REPLICA_ID, id + 1);
        return id;
    }

    public static void initReplicaIds(Disk disk, long first) {
        disk.putDurable(NEXT_REPLICA_ID, first);
    }
}
