package shardsim.scenarios.dropafterclone.checks;

import java.util.TreeSet;
import shardsim.core.check.SimView;
import shardsim.core.node.Disk;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;

/**
 * D6, after every event (cheap unless the FE's disk changed): no tablet has two catalog replicas,
 * CLONE or NORMAL, on one BE.
 *
 * <p>What Doris does (incubator-doris fae3eff2): a balance move's destination is a low-load BE that
 * holds no replica of the tablet ({@code BeLoadRebalancer.completeSchedCtx}: {@code replicas.stream().noneMatch(r ->
 * r.getBackendId() == beStat.getBeId())}), and a repair's destination path skips any BE the tablet
 * is on ({@code TabletScheduler.chooseAvailableDestPath}: "exclude host which already has replica of this
 * tablet", {@code TabletSchedCtx.containsBE}); the catalog addresses a tablet's replicas by BE
 * ({@code Tablet.getReplicaByBackendId}, {@code deleteReplicaByBackendId}). Two replicas on one BE
 * would be one physical copy that the catalog counts twice. The model skips a move to a BE that
 * has a replica ({@link Frontend#balance}); this check judges the catalog that results, from outside.
 */
final class DistinctBackends {
    private final SimView sim;
    private Disk disk;
    private long seenVersion = Long.MIN_VALUE;
    private boolean reported;

    DistinctBackends(SimView sim) {
        this.sim = sim;
    }

    String check() {
        if (disk == null) {
            disk = sim.disk(DorisCluster.FE);
        }
        long v = disk.version();
        if (reported || v == seenVersion) {
            return null;
        }
        seenVersion = v;
        for (TabletMeta meta : Catalog.tablets(disk)) {
            String p = judge(meta);
            if (p != null) {
                reported = true;
                return p;
            }
        }
        return null;
    }

    /** Null when the tablet's replicas sit on distinct BEs. */
    static String judge(TabletMeta meta) {
        TreeSet<String> backends = new TreeSet<>();
        for (Replica r : meta.replicas()) {
            if (!backends.add(r.backend())) {
                return "tablet " + meta.tabletId() + " has two catalog replicas on " + r.backend() + " (replica "
                        + r.replicaId() + " is the second)";
            }
        }
        return null;
    }
}
