package shardsim.scenarios.dropafterclone.checks;

import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;

/**
 * D11, after every event (cheap unless the FE's catalog changed, as the shared {@link CatalogView} sees it): a balance move whose
 * CLONE replica turns NORMAL, while its source BE still holds an alive replica of the tablet,
 * takes that replica out of the catalog in the same step, so the tablet has no more alive
 * replicas after the finish than before it (the destination's in, the source's out).
 *
 * <p>What Doris does (incubator-doris fae3eff2): the finish turns the CLONE replica NORMAL
 * ({@code TabletSchedCtx.finishCloneTask}); the tablet, now over its replication number, is
 * {@code REDUNDANT} ({@code Tablet.getHealthStatusWithPriority}) and the TabletScheduler deletes a
 * redundant replica from the catalog ({@code TabletScheduler.handleRedundantReplica}: the
 * rebalancer's source, {@code deleteReplicaChosenByRebalancer}, or the one on the most loaded BE,
 * {@code deleteReplicaOnHighLoadBackend}). The model folds that deletion into the finish and picks
 * the move's source (the fidelity table's balance-move row), so the rule judges the finish step.
 * A finish whose source replica already left the catalog (a report deleted it mid-move) is not
 * judged: the model has no REDUNDANT repair for the tablet it may leave over-replicated (the
 * reason there is no "exactly the replication number at quiescence" rule). The move is read from
 * the view as it was after the previous event; alive is counted here ({@link ReportAdoption#alive}).
 */
final class BalanceFinish {
    private final CatalogView view;
    private boolean reported;

    BalanceFinish(CatalogView view) {
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
                problem = judge(prior, meta, view.movesBefore().get(meta.tabletId()));
                if (problem != null) {
                    break;
                }
            }
        }
        reported = problem != null;
        return problem;
    }

    /**
     * Null unless {@code move}'s CLONE replica turned NORMAL between {@code prior} and {@code after}
     * while the source BE held an alive replica, and the tablet did not lose it or gained alive replicas.
     */
    static String judge(TabletMeta prior, TabletMeta after, Frontend.Move move) {
        if (prior == null || move == null) {
            return null;
        }
        Replica cloneBefore = prior.replica(move.replicaId());
        Replica cloneAfter = after.replica(move.replicaId());
        if (cloneBefore == null
                || cloneBefore.state() != Replica.State.CLONE
                || cloneAfter == null
                || cloneAfter.state() != Replica.State.NORMAL) {
            return null;
        }
        Replica src = prior.replicaOn(move.src());
        if (src == null || src.state() != Replica.State.NORMAL || src.bad()) {
            return null;
        }
        int aliveBefore = ReportAdoption.alive(prior);
        int aliveAfter = ReportAdoption.alive(after);
        if (after.replica(src.replicaId()) == null && aliveAfter <= aliveBefore) {
            return null;
        }
        return "balance of tablet " + after.tabletId() + " from " + move.src() + " to " + move.dest()
                + " finished (replica " + move.replicaId()
                + " NORMAL) but "
                + (after.replica(src.replicaId()) != null ? "kept its source replica " + src.replicaId() : "left")
                + ": " + aliveBefore + " alive replicas before, " + aliveAfter + " after, replication number "
                + after.replicationNum();
    }
}
