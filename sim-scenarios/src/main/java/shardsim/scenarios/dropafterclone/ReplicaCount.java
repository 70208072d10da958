package shardsim.scenarios.dropafterclone;

import java.util.List;

/**
 * D9, at quiescence (when D2 judges it): every tablet has exactly its replication number of alive
 * replicas (NORMAL and not bad). No finished move keeps its source replica, no report adopts a
 * leftover copy into a tablet that has enough, and no replica leaves the catalog for good.
 *
 * <p>A tablet with a bad replica is not judged: the model never repairs a bad replica (Doris's
 * TabletScheduler would clone a new one and delete the bad one, {@code handleRedundantReplica}:
 * "replica is bad"), and a stale report can set a present copy bad, under the code before the fix
 * and, rarely, under the fix (see {@link Checks#INVARIANTS}).
 *
 * <p>What Doris does (incubator-doris fae3eff2): {@code ReportHandler.addReplica} adopts a reported
 * copy only while the tablet has fewer alive replicas than its replication number, else fails with
 * "replica is enough" and the copy is dropped; after a balance clone the tablet has one replica too
 * many, which {@code Tablet.getHealthStatusWithPriority} reports as {@code REDUNDANT}
 * ({@code aliveAndVersionComplete > replicationNum}) and the TabletScheduler deletes
 * ({@code handleRedundantReplica}, {@code deleteReplicaInternal}); the model removes the source at
 * the finish ({@link Frontend}, the fidelity table's balance row).
 */
final class ReplicaCount {
    private ReplicaCount() {
    }

    /** Null when every tablet of {@code catalog} without a bad replica has exactly its replication number of alive replicas. */
    static String judge(List<TabletMeta> catalog) {
        for (TabletMeta meta : catalog) {
            if (anyBad(meta)) {
                continue;
            }
            int alive = alive(meta);
            if (alive != meta.replicationNum()) {
                return "at quiescence tablet " + meta.tabletId() + " has " + alive + " alive replicas, its replication number is "
                        + meta.replicationNum() + ": " + meta.replicas();
            }
        }
        return null;
    }

    private static boolean anyBad(TabletMeta meta) {
        for (Replica r : meta.replicas()) {
            if (r.bad()) {
                return true;
            }
        }
        return false;
    }

    /** Counted here rather than by the model's {@code TabletMeta.aliveReplicas}, which the mutation runs change. */
    private static int alive(TabletMeta meta) {
        int n = 0;
        for (Replica r : meta.replicas()) {
            if (r.state() == Replica.State.NORMAL && !r.bad()) {
                n++;
            }
        }
        return n;
    }
}
