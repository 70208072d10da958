package shardsim.scenarios.dropafterclone.checks;

import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import shardsim.core.check.SimView;
import shardsim.core.node.Disk;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;

/**
 * D5: the FE's catalog survives a restart. When a new FE incarnation has recovered, its catalog
 * holds exactly what the catalog held when the last one stopped, less the CLONE replicas: every
 * NORMAL replica (same id, BE, bad flag) is still there, every tablet is still there, no replica
 * appears, and no CLONE replica is left, since the moves that owned them died with the process.
 *
 * <p>What Doris does (incubator-doris fae3eff2): a balance move's CLONE replica is made in memory
 * only, when the TabletScheduler builds the clone task ({@code TabletSchedCtx.createCloneReplicaAndTask});
 * the edit log learns of it only when the clone finishes, as a NORMAL replica
 * ({@code TabletSchedCtx.finishCloneTask}: {@code setState(NORMAL)}, {@code logAddReplica}), and
 * replay adds it as NORMAL ({@code Catalog.replayAddReplica}). A replica deleted from meta is
 * logged ({@code logDeleteReplica}), and so is a bad flag ({@code ReportHandler},
 * {@code logBackendTabletsInfo}). The TabletScheduler's pending and running tablets are in memory,
 * and an image is a replay of the edit log ({@code Checkpoint}), so an FE that restarts gets back
 * every NORMAL replica and no CLONE one. The later code in the code index ({@code Env} era) finishes
 * a clone the same way; apache/doris 24f3f1db itself could not be read here (the snapshot is over
 * the size limit). The model persists its CLONE replicas (a simpler catalog) and removes them on
 * recovery ({@link Frontend#onRecover}), which leaves the same catalog.
 *
 * <p>Between the stop and the recovery the FE runs no code, so no legitimate path (a report's
 * deleteFromMeta, a finished move, a drop) can change its catalog there: the check compares the
 * catalog as the FE stopped (read in the event of a crash, which loses only unflushed writes,
 * and the catalog writes are durable; a code change stops and boots the FE in one event, so there
 * it is the catalog of the event before) with the one after the event in which the new
 * incarnation recovered. It reads the FE's disk, re-read only when its version moved while an
 * incarnation runs, and the FE node's identity, from outside.
 */
final class CatalogRecovery {
    private final SimView sim;
    private Disk disk;
    private Frontend lastFe;
    /** Whether some FE incarnation has been seen running: the first boot is a start, not a recovery. */
    private boolean started;

    private long snapshotVersion = Long.MIN_VALUE;
    /** The catalog as of the last event the FE ran, or of its stop while it is down, by tablet (its metas are immutable). */
    private TreeMap<Long, TabletMeta> snapshot = new TreeMap<>();

    CatalogRecovery(SimView sim) {
        this.sim = sim;
    }

    /** After every event: cheap unless the FE's disk or its incarnation changed. */
    String check() {
        if (disk == null) {
            disk = sim.disk(DorisCluster.FE);
        }
        Frontend fe = sim.node(DorisCluster.FE, Frontend.class);
        long v = disk.version();
        if (fe == lastFe) {
            // Re-read only while an incarnation runs: a stopped FE's catalog is frozen at its stop.
            if (fe != null && v != snapshotVersion) {
                snapshotVersion = v;
                snapshot = read(disk);
            }
            return null;
        }
        String problem = null;
        if (fe != null && started) {
            TreeSet<Long> running = new TreeSet<>();
            for (Frontend.Move m : fe.scheduledMoves()) {
                running.add(m.replicaId());
            }
            problem = compare(snapshot, read(disk), running);
        }
        started |= fe != null;
        lastFe = fe;
        snapshotVersion = v;
        snapshot = read(disk);
        return problem;
    }

    private static TreeMap<Long, TabletMeta> read(Disk disk) {
        TreeMap<Long, TabletMeta> out = new TreeMap<>();
        for (TabletMeta m : Catalog.tablets(disk)) {
            out.put(m.tabletId(), m);
        }
        return out;
    }

    /**
     * Null when {@code after} is {@code before} less its CLONE replicas, but for those whose ids are
     * in {@code runningClones} (the CLONE replicas of moves the new FE runs: none, just recovered).
     */
    static String compare(TreeMap<Long, TabletMeta> before, TreeMap<Long, TabletMeta> after, Set<Long> runningClones) {
        for (TabletMeta was : before.values()) {
            TabletMeta now = after.get(was.tabletId());
            if (now == null) {
                return "after the FE's restart tablet " + was.tabletId() + " is gone from its catalog";
            }
            for (Replica r : was.replicas()) {
                if (r.state() != Replica.State.NORMAL) {
                    continue;
                }
                Replica kept = now.replica(r.replicaId());
                if (!r.equals(kept)) {
                    return "after the FE's restart NORMAL replica " + r.replicaId() + " of tablet " + was.tabletId()
                            + " on " + r.backend() + (kept == null ? " is gone from its catalog" : " reads " + kept);
                }
            }
            String p = noNewOrOrphan(was, now, runningClones);
            if (p != null) {
                return p;
            }
        }
        for (TabletMeta now : after.values()) {
            if (!before.containsKey(now.tabletId())) {
                return "after the FE's restart its catalog has tablet " + now.tabletId()
                        + ", which it did not have when it stopped";
            }
        }
        return null;
    }

    private static String noNewOrOrphan(TabletMeta was, TabletMeta now, Set<Long> runningClones) {
        for (Replica r : now.replicas()) {
            Replica old = was.replica(r.replicaId());
            if (old == null) {
                return "after the FE's restart replica " + r.replicaId() + " of tablet " + now.tabletId() + " on "
                        + r.backend() + " is in its catalog, which it was not when the FE stopped";
            }
            if (r.state() == Replica.State.CLONE && !runningClones.contains(r.replicaId())) {
                return "after the FE's restart CLONE replica " + r.replicaId() + " of tablet " + now.tabletId() + " on "
                        + r.backend() + " outlives its move, which died with the FE";
            }
            if (r.state() == Replica.State.NORMAL && old.state() != Replica.State.NORMAL) {
                return "after the FE's restart replica " + r.replicaId() + " of tablet " + now.tabletId() + " on "
                        + r.backend() + " is NORMAL, but its clone never finished (it was " + old.state()
                        + " when the FE stopped)";
            }
        }
        return null;
    }
}
