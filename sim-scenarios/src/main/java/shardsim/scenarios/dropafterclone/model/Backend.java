package shardsim.scenarios.dropafterclone.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.TreeSet;
import shardsim.core.blocks.RequestInbox;
import shardsim.core.blocks.RetryPolicy;
import shardsim.core.blocks.RetryingCall;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.CloneTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.DropTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.FinishResult;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.FinishTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.LegacyCloneTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.ReportedTablet;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.SnapshotRequest;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.SnapshotResponse;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.Status;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TabletReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskKey;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskType;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisMode;
import shardsim.scenarios.dropafterclone.plan.DorisWindows;

/**
 * A Doris BE: tablets on its disk with their meta replica id, a CLONE pool of
 * {@code clone_worker_count} threads and a DROP pool that run independently, a tablet report every
 * minute and a task report every ten seconds. A crash loses the pools, the registered tasks and
 * the under-clone set; the tablets stay.
 *
 * <p>A pool thread ends a task as {@code TaskWorkerPool} does: it sends the finish with
 * {@code _finish_task} (a {@code finishTask} RPC, retried after a second when it gets no answer, at
 * most {@code TASK_FINISH_MAX_RETRY} = 3 tries, incubator-doris fae3eff2 l.73 and 283-303), and only
 * when that returns removes the task info ({@code _remove_task_info}, l.930-931 for CLONE), so a
 * duplicate of the task is refused and the task report lists it until then; the thread is held
 * throughout. A clone of a tablet the BE has misses no version (the model has no loads: every copy
 * is at the tablet's one version) and returns success without a download ({@code _do_clone},
 * "missed version size = 0, skip clone", apache/doris 24f3f1db; the report's be.INFO shows the
 * same: "missed_versions_size=0", then the tablet info at once).
 *
 * <p>Upstream: {@code task_worker_pool.cpp} (incubator-doris fae3eff2: {@code submit_task}
 * registers a task by (type, signature) and ignores a duplicate), {@code engine_clone_task.cpp}
 * (apache/doris 24f3f1db: {@code execute} registers the tablet under clone around
 * {@code _do_clone}; an existing tablet with a lower replica id takes the request's id before the
 * download, a new one when it is loaded from the snapshot), {@code tablet_manager.cpp} (apache/doris
 * 0a6013a7: {@code drop_tablet} aborts while under clone; {@code _drop_tablet_unlocked} is OK for a
 * missing tablet and aborts on a replica id mismatch unless the request's id is 0).
 *
 * <p>It runs the code of its own row of the mode table ({@link DorisMode}); in a mixed-version run the
 * FE may run another. A BE built before PR #9971 has no replica id in its tablet meta: it reports
 * none (the FE sees 0), reads none from a CLONE or a DROP (so a DROP deletes whatever it names, and
 * a clone stamps nothing), and a clone callback sets no report version (incubator-doris fae3eff2,
 * {@code task_worker_pool.cpp} {@code _clone_worker_thread_callback}). A tablet meta it copies
 * from a snapshot keeps the source's id as protobuf keeps a field it does not know; a BE of the
 * fix reads that id, or 0 for a tablet created before it (apache/doris #18688: "the inventory BE
 * tablets before upgrading to 1.2 did not have a replica id").
 */
public final class Backend implements Node {
    public static final String CLONE_POOL = "clone";
    public static final String DROP_POOL = "drop";

    private final NodeContext ctx;
    private final DorisConfig config;
    private final DorisMode mode;
    private final TabletStore store;
    private final String fe;
    private final long reportPhaseMicros;
    /** Tasks registered and not yet removed (after their finish returned): duplicates of these are ignored, and the task report lists them. */
    private final LinkedHashSet<TaskKey> running = new LinkedHashSet<>();
    /** Tablets whose clone is executing ({@code TabletManager::register_clone_tablet}). */
    private final TreeSet<Long> underClone = new TreeSet<>();
    /** One delivery per thrift call: the link's duplicates are dropped here ({@link RequestInbox}): the agent server registers one task per submitTasks (task_worker_pool.cpp submit_task, incubator-doris fae3eff2). */
    private final RequestInbox inbox = new RequestInbox();
    /**
     * {@code s_report_version}: in memory, started from the clock at boot so a restarted BE's
     * versions exceed its earlier ones, raised by a clone that creates a new tablet.
     */
    private long reportVersion;
    /** Ghost state for observers: moves whenever {@link #running} or {@link #underClone} changes. Nothing in the model reads it. */
    private long taskChanges;

    private final AgentPool clonePool;
    private final AgentPool dropPool;
    /** Doris's {@code TASK_FINISH_MAX_RETRY}. */
    static final int TASK_FINISH_MAX_RETRY = 3;

    public Backend(NodeContext ctx, DorisConfig config, DorisMode mode, String fe, long reportPhaseMicros) {
        this.ctx = ctx;
        this.config = config;
        this.mode = mode;
        this.store = new TabletStore(ctx.disk());
        this.fe = fe;
        this.reportPhaseMicros = reportPhaseMicros;
        this.clonePool = new AgentPool(ctx, CLONE_POOL, config.cloneWorkerCount());
        // The model's DROP pool keeps one thread (Doris has drop_tablet_worker_count of them): the report's DROP waited
        // in it.
        this.dropPool = new AgentPool(ctx, DROP_POOL, 1);
    }

    @Override
    public void onStart() {
        reportVersion = ctx.now() + 1;
        scheduleReport();
        scheduleTaskReport();
    }

    @Override
    public void onMessage(Envelope env) {
        if (!inbox.first(env)) {
            return;
        }
        if (env.message() instanceof CloneTask c) {
            // A BE before the fix does not know TCloneReq.replica_id.
            submitClone(
                    new Clone(c.tabletId(), mode.replicaIdFields() ? c.replicaId() : 0, c.replicaId(), c.srcBackend()));
        } else if (env.message() instanceof LegacyCloneTask c) {
            // An FE before the fix did not set it: thrift gives 0.
            submitClone(new Clone(c.tabletId(), 0, c.taskReplicaId(), c.srcBackend()));
        } else if (env.message() instanceof DropTask d) {
            submit(
                    new TaskKey(TaskType.DROP, d.tabletId()),
                    "DROP tablet " + d.tabletId() + " replica " + d.replicaId(),
                    done -> ctx.setTimer(
                            "drop pool takes DROP tablet " + d.tabletId(),
                            config.dropService().draw(ctx.random()),
                            () -> runDrop(d, done)));
        } else if (env.message() instanceof AgentProtocol.UpdateTabletMeta u) {
            updateTabletMeta(u);
        } else if (env.message() instanceof SnapshotRequest s) {
            LocalTablet t = store.get(s.tabletId());
            ctx.reply(env, new SnapshotResponse(s.tabletId(), t != null, t == null ? 0 : t.replicaId()));
        } else if (env.message() instanceof FinishTask
                || env.message() instanceof TabletReport
                || env.message() instanceof TaskReport
                || env.message() instanceof SnapshotResponse
                || env.message() instanceof FinishResult) {
            throw new IllegalStateException("a BE does not handle " + env.message());
        } else {
            throw new IllegalStateException("unknown message " + env.message());
        }
    }

    /**
     * A CLONE as this BE reads it.
     *
     * @param replicaId {@code TCloneReq.replica_id} as this BE's code reads it (0 when either side lacks the field)
     * @param taskReplicaId the catalog replica the FE's task is for: echoed in the finish as the task's identity, and the checks' ghost
     */
    private record Clone(long tabletId, long replicaId, long taskReplicaId, String srcBackend) {}

    private void submitClone(Clone c) {
        submit(
                new TaskKey(TaskType.CLONE, c.tabletId()),
                "CLONE tablet " + c.tabletId() + " replica " + c.taskReplicaId(),
                done -> ctx.setTimer(
                        "clone pool takes CLONE tablet " + c.tabletId(),
                        config.clonePickup().draw(ctx.random()),
                        () -> executeClone(c, done)));
    }

    // ---- reports -------------------------------------------------------------------------------

    private void scheduleReport() {
        long interval = config.reportIntervalMicros();
        long delay = interval - Math.floorMod(ctx.now() - reportPhaseMicros, interval);
        ctx.setTimer("tablet report", delay, () -> {
            report();
            scheduleReport();
        });
    }

    /** Task reports run on their own timer, half an interval away from the tablet report's phase. */
    private void scheduleTaskReport() {
        long interval = config.taskReportIntervalMicros();
        long delay = interval - Math.floorMod(ctx.now() - reportPhaseMicros - interval / 2, interval);
        ctx.setTimer("task report", delay, () -> {
            ctx.send(fe, new TaskReport(ctx.name(), ctx.now(), new ArrayList<>(running)));
            scheduleTaskReport();
        });
    }

    /** Sends the snapshot of this moment: the FE will act on it whenever it gets round to it. */
    public void report() {
        List<ReportedTablet> tablets = new ArrayList<>();
        for (LocalTablet t : store.all()) {
            // TTabletInfo.replica_id exists only in the fix's build; the FE reads an unset one as 0.
            tablets.add(new ReportedTablet(t.tabletId(), mode.replicaIdFields() ? t.replicaId() : 0));
        }
        ctx.send(fe, new TabletReport(ctx.name(), ctx.now(), reportVersion, tablets));
    }

    /** {@code TaskWorkerPool::submit_task}: register by (type, signature), then queue on the type's pool (an unbounded deque). */
    private void submit(TaskKey key, String label, java.util.function.Consumer<Runnable> body) {
        if (running.contains(key)) {
            ctx.trace("fail to register task. type=" + key.type() + ", signature=" + key.tabletId());
            return;
        }
        running.add(key);
        taskChanges++;
        AgentPool pool = key.type() == TaskType.CLONE ? clonePool : dropPool;
        ctx.trace("success to submit task. type=" + key.type() + ", signature=" + key.tabletId()
                + ", task_count_in_queue=" + (pool.queued() + 1));
        pool.submit(label, body);
    }

    /**
     * {@code _finish_task} then {@code _remove_task_info}: the finish is a call to the FE, tried
     * again a second after each try that got no answer, at most {@value #TASK_FINISH_MAX_RETRY}
     * tries; then the task info goes and {@code done} frees the pool's thread.
     */
    private void finishThenRemove(FinishTask f, Runnable done) {
        tryFinish(f, () -> {
            running.remove(new TaskKey(f.type(), f.tabletId()));
            taskChanges++;
            ctx.trace("remove task info. type=" + f.type() + ", signature=" + f.tabletId());
            done.run();
        });
    }

    private void tryFinish(FinishTask f, Runnable then) {
        // _finish_task's loop sleeps a second after every failed try, the last one too, before it tests its counter.
        RetryPolicy policy = new RetryPolicy(
                config.finishRpcTimeoutMicros(), TASK_FINISH_MAX_RETRY, DorisConfig.SECOND, DorisConfig.SECOND, true);
        RetryingCall.start(
                ctx,
                fe,
                FinishResult.class,
                policy,
                "finish task retry sleep " + f.type() + " tablet " + f.tabletId(),
                new RetryingCall.Attempts<>() {
                    @Override
                    public FinishTask request(int tryIndex) {
                        return f;
                    }

                    @Override
                    public RetryingCall.Next onReply(FinishResult result, int tryIndex) {
                        then.run();
                        return RetryingCall.Next.DONE;
                    }

                    @Override
                    public RetryingCall.Next onTimeout(int tryIndex) {
                        ctx.trace("finish task failed. type=" + f.type() + ", signature=" + f.tabletId() + ", try "
                                + (tryIndex + 1) + " of " + TASK_FINISH_MAX_RETRY);
                        return RetryingCall.Next.RETRY;
                    }

                    @Override
                    public void onGiveUp(int tries) {
                        then.run();
                    }
                });
    }

    // ---- CLONE ---------------------------------------------------------------------------------

    /**
     * {@code EngineCloneTask::execute}: the tablet is under clone from here until the clone ends;
     * whether the clone is incremental (the tablet exists) or full is decided now.
     */
    private void executeClone(Clone c, Runnable done) {
        ctx.trace("get clone task. signature:" + c.tabletId());
        underClone.add(c.tabletId());
        taskChanges++;
        ctx.openWindow(DorisWindows.CLONE, c.tabletId(), List.of(ctx.name(), c.srcBackend()));
        LocalTablet local = store.get(c.tabletId());
        if (local == null) {
            ctx.trace("clone tablet not exist, begin clone a new tablet from remote be. tablet_id=" + c.tabletId()
                    + ", req replica=" + c.replicaId());
        } else {
            ctx.trace("clone tablet exist yet, begin to incremental clone. tablet_id=" + c.tabletId() + ", replica_id="
                    + local.replicaId());
            if (mode.cloneStampsReplicaId() && local.replicaId() < c.replicaId()) {
                // #16889: a tablet the FE may still want dropped under its old id takes the new id first.
                store.stamp(local, c.replicaId());
                ctx.trace("reset replica_id of tablet " + c.tabletId() + " from " + local.replicaId() + " to "
                        + c.replicaId() + " before the download");
            }
        }
        if (local != null) {
            // 24f3f1db _do_clone: a tablet at the requested version misses none, and every copy is at the one version
            // here.
            ctx.trace("missed version size = 0, skip clone and return success. tablet_id=" + c.tabletId()
                    + " replica_id=" + c.replicaId());
            skipClone(c, done);
            return;
        }
        ctx.call(
                c.srcBackend(),
                new SnapshotRequest(c.tabletId()),
                SnapshotResponse.class,
                config.snapshotTimeoutMicros(),
                snapshot -> download(c, snapshot, done),
                () -> endClone(
                        c, Status.FAILED, "make snapshot failed: " + c.srcBackend() + " did not answer", 0, done));
    }

    private void download(Clone c, SnapshotResponse snapshot, Runnable done) {
        if (!snapshot.present()) {
            endClone(
                    c,
                    Status.FAILED,
                    "make snapshot failed: " + c.srcBackend() + " has no tablet " + c.tabletId(),
                    0,
                    done);
            return;
        }
        ctx.setTimer(
                "clone download tablet " + c.tabletId() + " from " + c.srcBackend(),
                config.cloneService().draw(ctx.random()),
                () -> finishClone(c, snapshot, done));
    }

    /** A tablet this BE has: its tablet info is taken at once ({@code _set_tablet_info}); the copy keeps its replica id. */
    private void skipClone(Clone c, Runnable done) {
        // Read again: the stamp at the clone's start wrote a new tablet meta.
        LocalTablet local = store.get(c.tabletId());
        store.install(new LocalTablet(c.tabletId(), local.replicaId(), c.taskReplicaId()));
        ctx.trace("clone get tablet info success. tablet_id=" + c.tabletId() + ", replica_id=" + local.replicaId()
                + " (incremental)");
        endClone(c, Status.OK, "incremental", 0, done);
    }

    /** A new tablet, loaded from the downloaded snapshot. */
    private void finishClone(Clone c, SnapshotResponse snapshot, Runnable done) {
        if (store.get(c.tabletId()) != null) {
            endClone(c, Status.FAILED, "add the same tablet twice", 0, done);
            return;
        }
        long metaId = mode.cloneStampsReplicaId() ? c.replicaId() : snapshot.replicaId();
        store.install(new LocalTablet(c.tabletId(), metaId, c.taskReplicaId()));
        ctx.trace("clone get tablet info success. tablet_id=" + c.tabletId() + ", replica_id=" + metaId + " (full)");
        long version = 0;
        if (mode.reportVersionOnClone()) {
            // clone_callback: a new tablet raises the report version and tells the FE.
            version = ++reportVersion;
        }
        endClone(c, Status.OK, "full", version, done);
    }

    /** {@code EngineCloneTask::execute} returns (the tablet leaves the under-clone set); then the callback's finish and task-info removal. */
    private void endClone(Clone c, Status status, String reason, long version, Runnable done) {
        underClone.remove(c.tabletId());
        taskChanges++;
        ctx.closeWindow(DorisWindows.CLONE, c.tabletId());
        finishThenRemove(
                new FinishTask(ctx.name(), TaskType.CLONE, c.tabletId(), c.taskReplicaId(), status, reason, version),
                done);
    }

    // ---- DROP ----------------------------------------------------------------------------------

    /** {@code TabletManager::drop_tablet} then {@code _drop_tablet_unlocked}. */
    private void runDrop(DropTask d, Runnable done) {
        Status status;
        String reason;
        LocalTablet local = store.get(d.tabletId());
        if (mode.abortDropUnderClone() && underClone.contains(d.tabletId())) {
            status = Status.ABORTED;
            reason = "tablet " + d.tabletId() + " is under clone, skip drop task";
        } else if (local == null) {
            status = Status.OK;
            reason = "fail to drop tablet because it does not exist";
        } else if (mode.replicaIdFields() && d.replicaId() != 0 && d.replicaId() != local.replicaId()) {
            // A BE before the fix has no replica id to compare: it deletes whatever the DROP names.
            status = Status.ABORTED;
            reason = "replica_id not match(" + local.replicaId() + " vs " + d.replicaId() + ")";
        } else {
            ctx.trace("begin drop tablet. tablet_id=" + d.tabletId() + ", replica_id=" + d.replicaId() + " (tablet has "
                    + local.replicaId() + ")");
            store.delete(
                    local, "drop task", ctx.now(), mode.replicaIdFields() ? d.replicaId() : TabletStore.NO_REQUEST_ID);
            ctx.trace("set tablet to shutdown state and remove it from memory. tablet_id=" + d.tabletId());
            status = Status.OK;
            reason = "dropped";
        }
        finishThenRemove(
                new FinishTask(ctx.name(), TaskType.DROP, d.tabletId(), d.replicaId(), status, reason, 0), done);
    }

    // ---- UPDATE_TABLET_META_INFO ------------------------------------------------------------

    /** Sets the FE's replica id in the tablet meta, in memory until the next save (#18688); a BE before the fix has no such field. */
    private void updateTabletMeta(AgentProtocol.UpdateTabletMeta u) {
        LocalTablet local = store.get(u.tabletId());
        if (!mode.replicaIdFields()) {
            ctx.trace("update tablet meta of tablet " + u.tabletId() + ": no replica_id in this build, ignored");
            return;
        }
        if (local == null) {
            ctx.trace("update tablet meta: tablet " + u.tabletId() + " not found");
            return;
        }
        store.stamp(local, u.replicaId());
        ctx.trace("set replica_id of tablet " + u.tabletId() + " from " + local.replicaId() + " to " + u.replicaId());
    }

    /** A number that moves whenever the registered tasks or the tablets under clone change. For coverage. */
    public long taskChanges() {
        return taskChanges;
    }

    /** Whether a task of this type and tablet is registered here (submitted, not yet ended). For coverage. */
    public boolean registered(TaskType type, long tabletId) {
        return running.contains(new TaskKey(type, tabletId));
    }

    /** Whether the tablet's clone is executing here ({@code register_clone_tablet}). For coverage. */
    public boolean underClone(long tabletId) {
        return underClone.contains(tabletId);
    }

    // ---- helpers -------------------------------------------------------------------------------

    /** Holds one task pool busy for a while. */
    public void stall(String pool, long micros) {
        stall(pool, micros, () -> {});
    }

    /** Holds one task pool busy for a while (the stall-pool fault); {@code whenOver} tells the fault's world it ended. */
    public void stall(String pool, long micros, Runnable whenOver) {
        boolean clone = CLONE_POOL.equals(pool);
        (clone ? clonePool : dropPool)
                .stall(micros, clone ? DorisProbes.CLONE_POOL_STALLED : DorisProbes.DROP_POOL_STALLED, whenOver);
    }

    /** The copies on a BE's disk, for checkers. */
    public static List<LocalTablet> tablets(shardsim.core.node.Disk disk) {
        return TabletStore.tablets(disk);
    }

    public static LocalTablet tablet(shardsim.core.node.Disk disk, long tabletId) {
        return TabletStore.tablet(disk, tabletId);
    }
}
