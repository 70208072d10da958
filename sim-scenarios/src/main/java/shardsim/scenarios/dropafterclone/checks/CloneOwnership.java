package shardsim.scenarios.dropafterclone.checks;

import java.util.TreeMap;
import shardsim.core.check.SimView;
import shardsim.core.node.Disk;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;

/**
 * D7, after every event while an FE incarnation runs (cheap unless the FE's disk or its moves
 * changed): every CLONE replica in the catalog belongs to a balance move the FE is running (same
 * tablet, replica id and destination BE). A move that finishes turns its replica NORMAL; one that
 * is cancelled (a failed clone) or times out must leave none behind. While the FE is down nothing
 * runs and D5 judges the recovery, which removes the CLONE replicas of the moves that died.
 *
 * <p>What Doris does (incubator-doris fae3eff2): a move's CLONE replica is created with its clone task
 * ({@code TabletSchedCtx.createCloneReplicaAndTask}); every end of a running tablet goes through
 * {@code TabletScheduler.finalizeTabletCtx} or {@code releaseTabletCtx} to
 * {@code TabletSchedCtx.releaseResource}, which removes the CLONE task from the AgentTaskQueue and
 * deletes every CLONE replica of the tablet ("clear all CLONE replicas"); a timed-out tablet is
 * released as CANCELLED ({@code TabletScheduler.handleRunningTablets}). A finished clone has turned
 * its replica NORMAL first ({@code TabletSchedCtx.finishCloneTask}).
 */
final class CloneOwnership {
    private final SimView sim;
    private Disk disk;
    private Frontend lastFe;
    private long seenVersion = Long.MIN_VALUE;
    private long seenMoveChanges = Long.MIN_VALUE;
    private boolean reported;

    CloneOwnership(SimView sim) {
        this.sim = sim;
    }

    String check() {
        if (disk == null) {
            disk = sim.disk(DorisCluster.FE);
        }
        Frontend fe = sim.node(DorisCluster.FE, Frontend.class);
        if (reported || fe == null) {
            lastFe = fe;
            return null;
        }
        long v = disk.version();
        if (fe == lastFe && v == seenVersion && fe.moveChanges() == seenMoveChanges) {
            return null;
        }
        lastFe = fe;
        seenVersion = v;
        seenMoveChanges = fe.moveChanges();
        TreeMap<Long, Frontend.Move> moves = new TreeMap<>();
        for (Frontend.Move m : fe.scheduledMoves()) {
            moves.put(m.tabletId(), m);
        }
        for (TabletMeta meta : Catalog.tablets(disk)) {
            String p = judge(meta, moves.get(meta.tabletId()));
            if (p != null) {
                reported = true;
                return p;
            }
        }
        return null;
    }

    /** Null when every CLONE replica of the tablet is the one of {@code move} (null: no move runs). */
    static String judge(TabletMeta meta, Frontend.Move move) {
        for (Replica r : meta.replicas()) {
            if (r.state() != Replica.State.CLONE) {
                continue;
            }
            if (move == null
                    || move.replicaId() != r.replicaId()
                    || !move.dest().equals(r.backend())) {
                return "CLONE replica " + r.replicaId() + " of tablet " + meta.tabletId() + " on " + r.backend()
                        + " belongs to no balance move the FE runs"
                        + (move == null
                                ? ""
                                : " (its move clones replica " + move.replicaId() + " to " + move.dest() + ")");
            }
        }
        return null;
    }
}
