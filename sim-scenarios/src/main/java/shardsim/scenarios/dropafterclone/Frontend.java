package shardsim.scenarios.dropafterclone;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.TreeMap;
import shardsim.core.node.Disk;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.core.node.Timer;
import shardsim.core.sim.Metrics;
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
import shardsim.scenarios.dropafterclone.AgentTaskQueue.AgentTask;

/**
 * The Doris FE master: the durable catalog, the TabletScheduler's balance moves (clone to the
 * destination, then remove the source from the catalog only), the ReportHandler (drop what a BE
 * reports but the catalog does not place there; resend tasks the BE does not hold) and the
 * AgentTaskQueue. Reports wait for one handler, so a snapshot can be old when acted on.
 */
public final class Frontend implements Node {
    private final NodeContext ctx;
    private final DorisConfig config;
    private final Fence fence;
    private final FaultState faults;
    private final Metrics metrics;
    private final AgentTaskQueue tasks = new AgentTaskQueue();
    /** The TabletScheduler's contexts: at most one move per tablet. Volatile. */
    private final TreeMap<Long, Move> moves = new TreeMap<>();
    /** Reports waiting for the handler, one per BE, oldest first. Volatile. */
    private final LinkedHashMap<String, TabletReport> waitingReports = new LinkedHashMap<>();
    private boolean handlingReport;

    private record Move(long tabletId, long replicaId, String src, String dest, long startedMicros, Timer timeout) {
    }

    public Frontend(NodeContext ctx, DorisConfig config, Fence fence, FaultState faults, Metrics metrics) {
        this.ctx = ctx;
        this.config = config;
        this.fence = fence;
        this.faults = faults;
        this.metrics = metrics;
    }

    @Override
    public void onRecover() {
        // The scheduler's contexts died with the process: a CLONE replica nobody will finish is removed.
        Disk disk = ctx.disk();
        for (TabletMeta meta : Catalog.tablets(disk)) {
            TabletMeta kept = meta;
            for (Replica r : meta.replicas()) {
                if (r.state() == Replica.State.CLONE) {
                    kept = kept.without(r.replicaId());
                    ctx.trace("replay: remove unfinished clone replica " + r.replicaId() + " of tablet " + meta.tabletId() + " on " + r.backend());
                }
            }
            if (kept != meta) {
                Catalog.put(disk, kept);
            }
        }
    }

    @Override
    public void onMessage(Envelope env) {
        if (env.message() instanceof TabletReport r) {
            queueReport(r);
        } else if (env.message() instanceof FinishTask f) {
            finishTask(f);
        } else if (env.message() instanceof CloneTask || env.message() instanceof DropTask
                || env.message() instanceof SnapshotRequest || env.message() instanceof SnapshotResponse) {
            throw new IllegalStateException("the FE does not handle " + env.message());
        } else {
            throw new IllegalStateException("unknown message " + env.message());
        }
    }

    // ---- TabletScheduler -----------------------------------------------------------------------

    /** A balance move of one replica of {@code tabletId} to {@code dest}; skipped when not schedulable. */
    public void balance(long tabletId, String dest) {
        Disk disk = ctx.disk();
        TabletMeta meta = Catalog.tablet(disk, tabletId);
        if (meta == null || moves.containsKey(tabletId) || meta.replicaOn(dest) != null) {
            ctx.trace("balance skipped: tablet " + tabletId + " to " + dest);
            return;
        }
        Replica src = null;
        for (Replica r : meta.replicas()) {
            if (r.state() == Replica.State.NORMAL) {
                src = r;
                break;
            }
        }
        if (src == null) {
            ctx.trace("balance skipped: tablet " + tabletId + " has no healthy source");
            return;
        }
        long replicaId = Catalog.nextReplicaId(disk);
        Catalog.put(disk, meta.with(new Replica(replicaId, dest, Replica.State.CLONE)));
        Timer timeout = ctx.setTimer("clone timeout tablet " + tabletId, config.cloneTimeoutMicros(), () -> cancelMove(tabletId, replicaId, "timeout"));
        moves.put(tabletId, new Move(tabletId, replicaId, src.backend(), dest, ctx.now(), timeout));
        CloneTask clone = new CloneTask(tabletId, replicaId, src.backend());
        tasks.put(new AgentTask(dest, TaskType.CLONE, tabletId, replicaId, clone, ctx.now(), 0));
        ctx.trace("add clone task to agent task queue: tablet id: " + tabletId + ", src backend: " + src.backend() + ", dest backend: " + dest + ", replica " + replicaId);
        ctx.send(dest, clone);
    }

    private void cancelMove(long tabletId, long replicaId, String why) {
        Move m = moves.get(tabletId);
        if (m == null || m.replicaId() != replicaId) {
            return;
        }
        moves.remove(tabletId);
        m.timeout().cancel();
        tasks.remove(m.dest(), TaskType.CLONE, tabletId, replicaId);
        TabletMeta meta = Catalog.tablet(ctx.disk(), tabletId);
        Replica r = meta.replica(replicaId);
        if (r != null && r.state() == Replica.State.CLONE) {
            Catalog.put(ctx.disk(), meta.without(replicaId));
        }
        ctx.trace("cancel clone of tablet " + tabletId + " to " + m.dest() + ": " + why);
    }

    private void finishTask(FinishTask f) {
        if (f.type() == TaskType.DROP) {
            AgentTask t = tasks.get(f.backend(), TaskType.DROP, f.tabletId());
            if (tasks.remove(f.backend(), TaskType.DROP, f.tabletId(), f.replicaId())) {
                metrics.record("drop-latency", Math.max(0, ctx.now() - t.createdMicros()));
            }
            return;
        }
        Move m = moves.get(f.tabletId());
        if (m == null || m.replicaId() != f.replicaId() || !m.dest().equals(f.backend())) {
            ctx.trace("finish of clone tablet " + f.tabletId() + " replica " + f.replicaId() + " matches no scheduled tablet, ignored");
            return;
        }
        if (f.status() != Status.OK) {
            cancelMove(f.tabletId(), f.replicaId(), "clone " + f.status() + ": " + f.reason());
            return;
        }
        moves.remove(f.tabletId());
        m.timeout().cancel();
        tasks.remove(f.backend(), TaskType.CLONE, f.tabletId(), f.replicaId());
        TabletMeta meta = Catalog.tablet(ctx.disk(), f.tabletId());
        Replica added = meta.replica(f.replicaId());
        // The source leaves the catalog only; its copy stays on the BE until a report shows it.
        TabletMeta after = meta.replaced(added.withState(Replica.State.NORMAL));
        Replica src = after.replicaOn(m.src());
        if (src != null) {
            after = after.without(src.replicaId());
        }
        Catalog.put(ctx.disk(), after);
        metrics.record("clone-latency", Math.max(0, ctx.now() - m.startedMicros()));
        ctx.trace("clone finished: tablet id: " + f.tabletId() + " to backend: " + f.backend() + "; delete replica " + (src == null ? "-" : src.replicaId()) + " on backend " + m.src() + ", reason: redundant");
    }

    // ---- ReportHandler -------------------------------------------------------------------------

    /**
     * One report handler works through waiting reports in arrival order; a newer report from a BE
     * replaces its report still waiting (so the backlog is at most one report per BE). The time a
     * report takes is decided when its handling starts, so a slow spell slows what runs during it.
     */
    private void queueReport(TabletReport r) {
        TabletReport replaced = waitingReports.put(r.backend(), r);
        if (replaced != null) {
            ctx.trace("report of " + r.backend() + " replaces its waiting report taken at " + replaced.snapshotMicros());
        }
        startNextReport();
    }

    private void startNextReport() {
        if (handlingReport || waitingReports.isEmpty()) {
            return;
        }
        String be = waitingReports.keySet().iterator().next();
        TabletReport r = waitingReports.remove(be);
        handlingReport = true;
        long service = config.reportHandleService().draw(ctx.random()) + faults.reportExtraMicros();
        ctx.setTimer("handle tablet report of " + be, service, () -> {
            handlingReport = false;
            handleReport(r);
            startNextReport();
        });
    }

    private void handleReport(TabletReport r) {
        String be = r.backend();
        metrics.record("report-staleness", Math.max(0, ctx.now() - r.snapshotMicros()));
        Disk disk = ctx.disk();
        for (ReportedTablet rt : r.tablets()) {
            TabletMeta meta = Catalog.tablet(disk, rt.tabletId());
            if (meta != null && meta.replicaOn(be) != null) {
                continue;
            }
            long replicaId = fence.dropCarriesReplicaId() ? rt.replicaId() : 0;
            AgentTask existing = tasks.get(be, TaskType.DROP, rt.tabletId());
            if (existing != null && existing.replicaId() == replicaId) {
                continue;
            }
            DropTask drop = new DropTask(rt.tabletId(), replicaId);
            tasks.put(new AgentTask(be, TaskType.DROP, rt.tabletId(), replicaId, drop, ctx.now(), 0));
            ctx.trace("delete tablet[" + rt.tabletId() + "] replica " + rt.replicaId() + " from backend[" + be + "] because not found in meta");
            ctx.send(be, drop);
        }
        resendMissing(r);
    }

    /** Resends the tasks sent before the snapshot that the BE neither holds nor finished. */
    private void resendMissing(TabletReport r) {
        LinkedHashSet<TaskKey> held = new LinkedHashSet<>(r.runningTasks());
        for (AgentTask t : tasks.forBackend(r.backend())) {
            if (t.createdMicros() >= r.snapshotMicros() || held.contains(new TaskKey(t.type(), t.tabletId()))) {
                continue;
            }
            if (t.resends() >= config.maxResends()) {
                tasks.remove(t.backend(), t.type(), t.tabletId(), t.replicaId());
                ctx.trace("give up " + t.type() + " of tablet " + t.tabletId() + " on " + t.backend() + " after " + t.resends() + " resends");
                continue;
            }
            tasks.put(t.resent());
            ctx.send(t.backend(), t.message());
        }
    }
}
