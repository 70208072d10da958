package shardsim.scenarios.dropafterclone.model;

import java.util.List;
import java.util.TreeMap;
import shardsim.core.blocks.RequestInbox;
import shardsim.core.node.Disk;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.core.node.Timer;
import shardsim.core.sim.Metrics;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.CloneTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.DropTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.FinishResult;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.FinishTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.LegacyCloneTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.SnapshotRequest;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.SnapshotResponse;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.Status;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TabletReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskType;
import shardsim.scenarios.dropafterclone.model.AgentTaskQueue.AgentTask;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisMode;
import shardsim.scenarios.dropafterclone.plan.DorisWindows;

/**
 * The Doris FE master: the durable catalog, the TabletScheduler's balance moves (clone to the
 * destination, then remove the source from the catalog only), the {@link ReportHandler}, the
 * AgentTaskQueue and the {@link AgentExecutor} that sends agent batches.
 *
 * <p>It runs the code of one row of the mode table ({@link DorisMode}), its own: in a mixed-version
 * run the BEs may run another. An FE built before PR #9971 sends its CLONEs without a replica id
 * ({@link LegacyCloneTask}) and its DROPs with 0, and ignores the report version a finished clone
 * carries (incubator-doris fae3eff2 {@code MasterImpl.finishClone}); the FE of the fix sets both
 * ids and adopts the version when the finish has one ({@code request.isSetReportVersion()},
 * apache/doris 12456d76).
 */
public final class Frontend implements Node {
    private final NodeContext ctx;
    private final DorisConfig config;
    private final Metrics metrics;
    private final DorisMode mode;
    private final AgentTaskQueue tasks = new AgentTaskQueue();
    /** One delivery per thrift call: the link's duplicates are dropped here ({@link RequestInbox}): ReportHandler.handleReport puts one report on the queue per call (apache/doris 6f81efb5). */
    private final RequestInbox inbox = new RequestInbox();

    private final AgentExecutor executor;
    private final ReportHandler reports;
    /** The TabletScheduler's contexts: at most one move per tablet. Volatile. */
    private final TreeMap<Long, Move> moves = new TreeMap<>();
    /** Ghost state for observers: moves whenever {@link #moves} gains or loses a move. Nothing in the model reads it. */
    private long moveChanges;

    /** A scheduled balance move, with the time the TabletScheduler started it (its clone timeout runs from there). */
    public record Move(long tabletId, long replicaId, String src, String dest, long startedMicros, Timer timeout) {}

    public Frontend(NodeContext ctx, DorisConfig config, DorisMode mode, FaultState faults, Metrics metrics) {
        this.ctx = ctx;
        this.config = config;
        this.metrics = metrics;
        this.mode = mode;
        this.executor = new AgentExecutor(ctx, config, faults);
        this.reports = new ReportHandler(ctx, config, mode, faults, metrics, tasks, executor);
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
                    ctx.trace("replay: remove unfinished clone replica " + r.replicaId() + " of tablet "
                            + meta.tabletId() + " on " + r.backend());
                }
            }
            if (kept != meta) {
                Catalog.put(disk, kept);
            }
        }
    }

    @Override
    public void onMessage(Envelope env) {
        if (!inbox.first(env)) {
            return;
        }
        if (env.message() instanceof TabletReport || env.message() instanceof TaskReport) {
            reports.queue((AgentProtocol) env.message());
        } else if (env.message() instanceof FinishTask f) {
            ctx.reply(env, new FinishResult(f.type(), f.tabletId(), finishTask(f)));
        } else if (env.message() instanceof CloneTask
                || env.message() instanceof LegacyCloneTask
                || env.message() instanceof DropTask
                || env.message() instanceof SnapshotRequest
                || env.message() instanceof SnapshotResponse
                || env.message() instanceof AgentProtocol.UpdateTabletMeta
                || env.message() instanceof FinishResult) {
            throw new IllegalStateException("the FE does not handle " + env.message());
        } else {
            throw new IllegalStateException("unknown message " + env.message());
        }
    }

    /** CLONEs or DROPs of the tablet in agent batches that have not left the FE. For coverage. */
    public int inAgentBatch(long tabletId, TaskType type) {
        return executor.inBatch(tabletId, type);
    }

    /** What {@link #leavingAgentBatch} answers while no batch is leaving. */
    public static final long NO_BATCH_LEAVING = AgentExecutor.NOT_LEAVING;

    /**
     * While an agent batch's tasks are being sent, the batch's number, in the order this FE decided
     * and submitted batches ({@link #NO_BATCH_LEAVING} otherwise): a task may leave long
     * after it was decided. For D13.
     */
    public long leavingAgentBatch() {
        return executor.leavingBatch();
    }

    /** How many agent batches this FE has submitted. For D13. */
    public long submittedAgentBatches() {
        return executor.submittedBatches();
    }

    /** A number that moves whenever {@link #inAgentBatch} may answer differently. For coverage. */
    public long agentBatchChanges() {
        return executor.batchChanges();
    }

    /** Whether a CLONE of this tablet to this BE waits in the AgentTaskQueue: a finish for it is taken in ({@code MasterImpl.finishTask}). For D9. */
    public boolean cloneQueued(String backend, long tabletId) {
        return tasks.has(backend, TaskType.CLONE, tabletId);
    }

    /** A number that moves whenever a balance move starts or ends. For the progress check (D4). */
    public long moveChanges() {
        return moveChanges;
    }

    /** The balance moves scheduled now, by tablet. For the progress check (D4). */
    public List<Move> scheduledMoves() {
        return List.copyOf(moves.values());
    }

    // ---- TabletScheduler -----------------------------------------------------------------------

    /**
     * A balance move of one replica of {@code tabletId} to {@code dest}; skipped when not
     * schedulable. The CLONE enters the AgentTaskQueue and goes out in its own batch
     * ({@code TabletScheduler.schedulePendingTablets}, incubator-doris fae3eff2).
     */
    public void balance(long tabletId, String dest) {
        Disk disk = ctx.disk();
        TabletMeta meta = Catalog.tablet(disk, tabletId);
        if (meta == null || moves.containsKey(tabletId) || meta.replicaOn(dest) != null) {
            ctx.trace("balance skipped: tablet " + tabletId + " to " + dest);
            return;
        }
        Replica src = null;
        for (Replica r : meta.replicas()) {
            if (r.alive()) {
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
        Timer timeout = ctx.setTimer(
                "clone timeout tablet " + tabletId,
                config.cloneTimeoutMicros(),
                () -> cancelMove(tabletId, replicaId, "timeout"));
        moves.put(tabletId, new Move(tabletId, replicaId, src.backend(), dest, ctx.now(), timeout));
        moveChanges++;
        AgentProtocol clone = mode.replicaIdFields()
                ? new CloneTask(tabletId, replicaId, src.backend())
                : new LegacyCloneTask(tabletId, replicaId, src.backend());
        tasks.add(new AgentTask(dest, TaskType.CLONE, tabletId, replicaId, clone));
        ctx.trace("add clone task to agent task queue: tablet id: " + tabletId + ", src backend: " + src.backend()
                + ", dest backend: " + dest + ", replica id: " + replicaId);
        executor.submit(dest, List.of(clone));
    }

    private void cancelMove(long tabletId, long replicaId, String why) {
        Move m = moves.get(tabletId);
        if (m == null || m.replicaId() != replicaId) {
            return;
        }
        moves.remove(tabletId);
        moveChanges++;
        m.timeout().cancel();
        tasks.remove(m.dest(), TaskType.CLONE, tabletId, replicaId);
        TabletMeta meta = Catalog.tablet(ctx.disk(), tabletId);
        Replica r = meta.replica(replicaId);
        if (r != null && r.state() == Replica.State.CLONE) {
            Catalog.put(ctx.disk(), meta.without(replicaId));
        }
        ctx.trace("cancel clone of tablet " + tabletId + " to " + m.dest() + ": " + why);
    }

    /**
     * {@code MasterImpl.finishTask} (apache/doris 12456d76): a finish whose task the
     * AgentTaskQueue does not hold is answered and dropped (a DROP never is there); a CLONE's goes
     * to {@code finishClone}: the TabletScheduler's {@code finishCloneTask}, then the report
     * version when the BE set one, whether or not the scheduler still had the move, then the task
     * leaves the queue. Returns whether the task was found.
     */
    private boolean finishTask(FinishTask f) {
        if (f.type() == TaskType.DROP) {
            // Doris removes the DROP from the AgentTaskQueue, where it never was: nothing to do.
            ctx.closeWindow(DorisWindows.DROP, f.tabletId());
            return false;
        }
        if (!tasks.has(f.backend(), TaskType.CLONE, f.tabletId())) {
            ctx.trace("cannot find task. type: CLONE, backend: " + f.backend() + ", signature: " + f.tabletId());
            return false;
        }
        finishCloneTask(f);
        // An FE before the fix takes no report version from a clone's finish; one with it takes the version when the BE
        // set it.
        if (mode.reportVersionOnClone() && f.reportVersion() > 0) {
            reports.updateBackendReportVersion(f.backend(), f.reportVersion());
        }
        tasks.remove(f.backend(), TaskType.CLONE, f.tabletId(), f.replicaId());
        return true;
    }

    /** {@code TabletScheduler.finishCloneTask}: the move this finish is for turns its replica NORMAL, or is cancelled when the clone failed. */
    private void finishCloneTask(FinishTask f) {
        Move m = moves.get(f.tabletId());
        if (m == null || m.replicaId() != f.replicaId() || !m.dest().equals(f.backend())) {
            ctx.trace("finish of clone tablet " + f.tabletId() + " replica " + f.replicaId()
                    + " matches no scheduled tablet, ignored");
            return;
        }
        if (f.status() != Status.OK) {
            cancelMove(f.tabletId(), f.replicaId(), "clone " + f.status() + ": " + f.reason());
            return;
        }
        moves.remove(f.tabletId());
        moveChanges++;
        m.timeout().cancel();
        TabletMeta meta = Catalog.tablet(ctx.disk(), f.tabletId());
        // Still a CLONE replica: deleteFromMeta removes only NORMAL ones, and a move's end removes its context.
        Replica added = meta.replica(f.replicaId());
        TabletMeta after = meta.replaced(added.withState(Replica.State.NORMAL));
        ctx.trace("clone finished: tablet id: " + f.tabletId() + ", state: FINISHED, type: BALANCE. from backend: "
                + m.src() + ". to backend: " + f.backend() + ", replica id: " + f.replicaId());
        // The source leaves the catalog only; its copy stays on the BE until a report of that BE shows it.
        Replica src = after.replicaOn(m.src());
        if (src != null) {
            after = after.without(src.replicaId());
            ctx.trace("delete replica. tablet id: " + f.tabletId() + ", backend id: " + m.src()
                    + ". reason: redundant replica after balance, force: false");
        }
        Catalog.put(ctx.disk(), after);
        metrics.record("clone-latency", Math.max(0, ctx.now() - m.startedMicros()));
    }
}
