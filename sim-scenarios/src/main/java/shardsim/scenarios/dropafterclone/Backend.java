package shardsim.scenarios.dropafterclone;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.TreeSet;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.core.worker.Task;
import shardsim.scenarios.dropafterclone.AgentProtocol.CloneTask;
import shardsim.scenarios.dropafterclone.AgentProtocol.DropTask;
import shardsim.scenarios.dropafterclone.AgentProtocol.FinishTask;
import shardsim.scenarios.dropafterclone.AgentProtocol.ReportedTablet;
import shardsim.scenarios.dropafterclone.AgentProtocol.SnapshotRequest;
import shardsim.scenarios.dropafterclone.AgentProtocol.SnapshotResponse;
import shardsim.scenarios.dropafterclone.AgentProtocol.Status;
import shardsim.scenarios.dropafterclone.AgentProtocol.TabletReport;
import shardsim.scenarios.dropafterclone.AgentProtocol.TaskKey;
import shardsim.scenarios.dropafterclone.AgentProtocol.TaskType;

/**
 * A Doris BE: tablets on its disk with their meta replica id, a CLONE pool and a DROP pool that run
 * independently (so a DROP queued first can run after a CLONE queued later), and a tablet report
 * every interval. A crash loses the pools and the under-clone set; the tablets stay.
 */
public final class Backend implements Node {
    public static final String CLONE_POOL = "clone";
    public static final String DROP_POOL = "drop";
    private static final String TABLET = "tablet/";

    private final NodeContext ctx;
    private final DorisConfig config;
    private final Fence fence;
    private final CopyLedger ledger;
    private final String fe;
    private final long reportPhaseMicros;
    /** Tasks accepted and not yet ended: duplicates of these are ignored, and the report lists them. */
    private final LinkedHashSet<TaskKey> running = new LinkedHashSet<>();
    /** Tablets with a clone accepted and not yet ended (Doris keeps such a set to refuse drops). */
    private final TreeSet<Long> underClone = new TreeSet<>();

    public Backend(NodeContext ctx, DorisConfig config, Fence fence, CopyLedger ledger, String fe, long reportPhaseMicros) {
        this.ctx = ctx;
        this.config = config;
        this.fence = fence;
        this.ledger = ledger;
        this.fe = fe;
        this.reportPhaseMicros = reportPhaseMicros;
    }

    @Override
    public void onStart() {
        scheduleReport();
    }

    @Override
    public void onMessage(Envelope env) {
        if (env.message() instanceof CloneTask c) {
            acceptClone(c);
        } else if (env.message() instanceof DropTask d) {
            acceptDrop(d);
        } else if (env.message() instanceof SnapshotRequest s) {
            LocalTablet t = tablet(s.tabletId());
            ctx.reply(env, new SnapshotResponse(s.tabletId(), t != null, t != null && t.complete(), t == null ? 0 : t.replicaId()));
        } else if (env.message() instanceof FinishTask || env.message() instanceof TabletReport || env.message() instanceof SnapshotResponse) {
            throw new IllegalStateException("a BE does not handle " + env.message());
        } else {
            throw new IllegalStateException("unknown message " + env.message());
        }
    }

    // ---- tablet report -------------------------------------------------------------------------

    private void scheduleReport() {
        long interval = config.reportIntervalMicros();
        long delay = interval - Math.floorMod(ctx.now() - reportPhaseMicros, interval);
        ctx.setTimer("tablet report", delay, () -> {
            report();
            scheduleReport();
        });
    }

    /** Sends the snapshot of this moment: the FE will act on it whenever it gets round to it. */
    public void report() {
        List<ReportedTablet> tablets = new ArrayList<>();
        for (String key : ctx.disk().keys(TABLET)) {
            LocalTablet t = ctx.disk().get(key, LocalTablet.class).orElseThrow();
            tablets.add(new ReportedTablet(t.tabletId(), t.replicaId()));
        }
        ctx.send(fe, new TabletReport(ctx.name(), ctx.now(), tablets, new ArrayList<>(running)));
    }

    // ---- CLONE ---------------------------------------------------------------------------------

    private void acceptClone(CloneTask c) {
        TaskKey key = new TaskKey(TaskType.CLONE, c.tabletId());
        if (running.contains(key)) {
            ctx.trace("duplicate task ignored. type=CLONE, signature=" + c.tabletId());
            return;
        }
        LocalTablet local = tablet(c.tabletId());
        if (fence.cloneStampsReplicaId() && local != null && local.replicaId() > c.replicaId()) {
            // Replica ids only grow: a clone older than the tablet here is a stale resend.
            finish(TaskType.CLONE, c.tabletId(), c.replicaId(), Status.FAILED, "stale clone, tablet has replica " + local.replicaId());
            return;
        }
        boolean incremental = local != null;
        Task task = Task.of("CLONE tablet " + c.tabletId() + " replica " + c.replicaId() + (incremental ? " incremental" : " full"),
                config.cloneService().draw(ctx.random()), () -> downloadSnapshot(c, incremental));
        if (!ctx.worker(CLONE_POOL).submit(task)) {
            finish(TaskType.CLONE, c.tabletId(), c.replicaId(), Status.FAILED, "clone pool full");
            return;
        }
        running.add(key);
        underClone.add(c.tabletId());
    }

    private void downloadSnapshot(CloneTask c, boolean incremental) {
        ctx.call(c.srcBackend(), new SnapshotRequest(c.tabletId()), config.snapshotTimeoutMicros(),
                reply -> installClone(c, incremental, (SnapshotResponse) reply),
                () -> endClone(c, Status.FAILED, "snapshot from " + c.srcBackend() + " timed out"));
    }

    private void installClone(CloneTask c, boolean incremental, SnapshotResponse snapshot) {
        if (!snapshot.present()) {
            endClone(c, Status.FAILED, "source " + c.srcBackend() + " has no tablet " + c.tabletId());
            return;
        }
        LocalTablet before = tablet(c.tabletId());
        // An incremental clone fetches only the versions the base lacks; if the base was dropped
        // meanwhile, what it installs is not the whole tablet, though the BE believes it is.
        boolean complete = snapshot.complete() && (!incremental || before != null);
        long metaId = fence.cloneStampsReplicaId() ? c.replicaId() : before != null ? before.replicaId() : snapshot.replicaId();
        LocalTablet after = new LocalTablet(c.tabletId(), metaId, c.replicaId(), complete);
        ctx.disk().putDurable(TABLET + c.tabletId(), after);
        ledger.installed(ctx.name(), before, after);
        ctx.trace("clone success, set tablet infos. tablet_id=" + c.tabletId() + " replica_id=" + metaId);
        endClone(c, Status.OK, incremental ? "incremental" : "full");
    }

    private void endClone(CloneTask c, Status status, String reason) {
        running.remove(new TaskKey(TaskType.CLONE, c.tabletId()));
        underClone.remove(c.tabletId());
        finish(TaskType.CLONE, c.tabletId(), c.replicaId(), status, reason);
    }

    // ---- DROP ----------------------------------------------------------------------------------

    private void acceptDrop(DropTask d) {
        TaskKey key = new TaskKey(TaskType.DROP, d.tabletId());
        if (running.contains(key)) {
            ctx.trace("duplicate task ignored. type=DROP, signature=" + d.tabletId());
            return;
        }
        Task task = Task.of("DROP tablet " + d.tabletId() + " replica " + d.replicaId(), config.dropService().draw(ctx.random()), () -> runDrop(d));
        if (!ctx.worker(DROP_POOL).submit(task)) {
            finish(TaskType.DROP, d.tabletId(), d.replicaId(), Status.FAILED, "drop pool full");
            return;
        }
        running.add(key);
    }

    private void runDrop(DropTask d) {
        running.remove(new TaskKey(TaskType.DROP, d.tabletId()));
        LocalTablet local = tablet(d.tabletId());
        if (local == null) {
            finish(TaskType.DROP, d.tabletId(), d.replicaId(), Status.OK, "tablet not found");
            return;
        }
        if (fence.abortDropUnderClone() && underClone.contains(d.tabletId())) {
            finish(TaskType.DROP, d.tabletId(), d.replicaId(), Status.ABORTED, "tablet is under clone");
            return;
        }
        if (d.replicaId() != 0 && d.replicaId() != local.replicaId()) {
            finish(TaskType.DROP, d.tabletId(), d.replicaId(), Status.ABORTED, "replica_id not match: tablet has " + local.replicaId());
            return;
        }
        ledger.deleting(ctx.name(), local);
        ctx.disk().deleteDurable(TABLET + d.tabletId());
        ledger.deleted(ctx.name(), local);
        ctx.trace("begin drop tablet. tablet_id=" + d.tabletId() + " replica_id=" + local.replicaId());
        finish(TaskType.DROP, d.tabletId(), d.replicaId(), Status.OK, "dropped");
    }

    // ---- helpers -------------------------------------------------------------------------------

    /** Holds one task pool busy for a while (the stall-pool fault). */
    public void stall(String pool, long micros) {
        ctx.worker(pool).submit(Task.of("busy " + pool + " pool", micros, () -> {
        }));
    }

    private void finish(TaskType type, long tabletId, long replicaId, Status status, String reason) {
        ctx.send(fe, new FinishTask(ctx.name(), type, tabletId, replicaId, status, reason));
    }

    private LocalTablet tablet(long tabletId) {
        return ctx.disk().get(TABLET + tabletId, LocalTablet.class).orElse(null);
    }

    /** Writes a tablet before the cluster starts (the scenario's initial placement). */
    public static void seed(shardsim.core.node.Disk disk, LocalTablet t) {
        disk.putDurable(TABLET + t.tabletId(), t);
    }

    /** The copies on a BE's disk, for checkers. */
    public static List<LocalTablet> tablets(shardsim.core.node.Disk disk) {
        List<LocalTablet> out = new ArrayList<>();
        for (String key : disk.keys(TABLET)) {
            out.add(disk.get(key, LocalTablet.class).orElseThrow());
        }
        return out;
    }

    public static LocalTablet tablet(shardsim.core.node.Disk disk, long tabletId) {
        return disk.get(TABLET + tabletId, LocalTablet.class).orElse(null);
    }
}
