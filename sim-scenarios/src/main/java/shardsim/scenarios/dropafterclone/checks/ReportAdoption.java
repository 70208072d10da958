package shardsim.scenarios.dropafterclone.checks;

import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;

/**
 * D10, after every event (cheap unless the FE's catalog changed, as the shared {@link CatalogView} sees it): a NORMAL replica enters a tablet's
 * catalog entry under a new replica id (a copy a BE's tablet report listed, adopted; a balance
 * move's finish turns an existing CLONE replica NORMAL and is not such an entry) only while the
 * tablet has fewer alive replicas than its replication number: the tablet's alive count just
 * before the event plus the replicas that entered is at most the replication number.
 *
 * <p>What Doris does (incubator-doris fae3eff2, {@code ReportHandler.addReplica}): a copy a BE
 * reports that the catalog does not place there becomes a NORMAL replica only when the tablet's
 * health status is {@code REPLICA_MISSING}, {@code UNRECOVERABLE} or {@code VERSION_INCOMPLETE}
 * ({@code Tablet.getHealthStatusWithPriority}: alive, i.e. NORMAL, not bad, on a live BE, fewer
 * than the replication number, or none version-complete); otherwise it throws "replica is enough"
 * and {@code deleteFromBackend} drops the copy. The model has no versions, so only the alive
 * count decides. Alive is counted here, not through {@link TabletMeta#aliveReplicas} or
 * {@link Replica#alive}, so that the rule judges those from outside. An event that both removes
 * and adopts replicas of one tablet does not occur: a report deletes from the catalog only the
 * tablets its BE did not list and adopts only ones it did.
 */
final class ReportAdoption {
    private final CatalogView view;
    private boolean reported;

    ReportAdoption(CatalogView view) {
        this.view = view;
    }

    String check() {
        if (reported || !view.catalogChanged()) {
            return null;
        }
        String problem = null;
        for (TabletMeta meta : view.now().values()) {
            TabletMeta prior = view.before().get(meta.tabletId());
            if (prior != meta) {
                problem = judge(prior, meta);
                if (problem != null) {
                    break;
                }
            }
        }
        reported = problem != null;
        return problem;
    }

    /** NORMAL replicas of {@code after} not in {@code prior}; null when they fit the replication number. */
    static String judge(TabletMeta prior, TabletMeta after) {
        if (prior == null) {
            return null;
        }
        int aliveBefore = alive(prior);
        int entered = 0;
        Replica last = null;
        for (Replica r : after.replicas()) {
            if (r.state() == Replica.State.NORMAL && prior.replica(r.replicaId()) == null) {
                entered++;
                last = r;
            }
        }
        if (entered == 0 || aliveBefore + entered <= prior.replicationNum()) {
            return null;
        }
        return "tablet " + after.tabletId() + " took replica " + last.replicaId() + " on " + last.backend()
                + " as NORMAL (" + entered + " new) while it had " + aliveBefore
                + " alive replicas of replication number " + prior.replicationNum() + ": the replica is enough";
    }

    /** NORMAL and not bad, counted here so the rule does not rest on the model's own count. */
    static int alive(TabletMeta meta) {
        int n = 0;
        for (Replica r : meta.replicas()) {
            n += r.state() == Replica.State.NORMAL && !r.bad() ? 1 : 0;
        }
        return n;
    }
}
