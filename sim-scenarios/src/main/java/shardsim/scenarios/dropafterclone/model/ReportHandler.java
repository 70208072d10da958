package shardsim.scenarios.dropafterclone.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import shardsim.core.node.Disk;
import shardsim.core.node.NodeContext;
import shardsim.core.sim.Metrics;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.DropTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.ReportedTablet;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TabletReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskKey;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.UpdateTabletMeta;
import shardsim.scenarios.dropafterclone.model.AgentTaskQueue.AgentTask;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisMode;
import shardsim.scenarios.dropafterclone.plan.DorisWindows;

/**
 * The FE's ReportHandler: one thread takes reports in arrival order from a plain FIFO
 * ({@code reportQueue}, a {@code LinkedBlockingQueue}), so a report can be old when acted on; a
 * report that arrives while more than {@code report_queue_size} wait is refused
 * ({@code putToQueue}). Follows {@code ReportHandler.java} of incubator-doris fae3eff2 (the
 * report's era) and of apache/doris 6f81efb5 (after the fix):
 * <ul>
 *   <li>a task report resends every queued CLONE the BE does not hold ({@code taskReport},
 *       {@code AgentTaskQueue.getDiffTasks}; a CloneTask's {@code createTime} is -1, so
 *       {@code AgentTask.shouldResend} always agrees);</li>
 *   <li>a tablet report first handles what the catalog places on the BE but the BE did not list
 *       ({@code deleteFromMeta}: a NORMAL replica is deleted from the catalog, or, when it is the
 *       tablet's only replica, set bad), then what the BE listed but the catalog does not place
 *       there ({@code deleteFromBackend}: add it as a replica when the tablet lacks alive replicas,
 *       else DROP it, in one batch that is submitted and forgotten).</li>
 * </ul>
 */
final class ReportHandler {
    private final NodeContext ctx;
    private final DorisConfig config;
    private final DorisMode mode;
    private final FaultState faults;
    private final Metrics metrics;
    private final AgentTaskQueue tasks;
    private final AgentExecutor executor;
    /** Reports waiting for the handler, in arrival order. Volatile. */
    private final ArrayDeque<AgentProtocol> waiting = new ArrayDeque<>();

    private boolean handling;
    /** Per BE, the report version the FE last learnt from a task finish ({@code SystemInfoService}); volatile. */
    private final TreeMap<String, Long> backendReportVersion = new TreeMap<>();

    ReportHandler(
            NodeContext ctx,
            DorisConfig config,
            DorisMode mode,
            FaultState faults,
            Metrics metrics,
            AgentTaskQueue tasks,
            AgentExecutor executor) {
        this.ctx = ctx;
        this.config = config;
        this.mode = mode;
        this.faults = faults;
        this.metrics = metrics;
        this.tasks = tasks;
        this.executor = executor;
    }

    void queue(AgentProtocol report) {
        if (waiting.size() > config.reportQueueSize()) {
            ctx.trace("the report queue size exceeds the limit: " + config.reportQueueSize() + ". current: "
                    + waiting.size());
            return;
        }
        waiting.addLast(report);
        startNext();
    }

    /** The time a report takes is decided when its handling starts, so a slow spell slows what runs during it. */
    private void startNext() {
        if (handling || waiting.isEmpty()) {
            return;
        }
        AgentProtocol r = waiting.pollFirst();
        handling = true;
        long extraMicros = faults.reportExtraMicros();
        if (extraMicros > 0) {
            ctx.probe(DorisProbes.SLOW_REPORT);
        }
        long service = config.reportHandleService().draw(ctx.random()) + extraMicros;
        String label = r instanceof TabletReport t
                ? "handle tablet report of " + t.backend()
                : "handle task report of " + ((TaskReport) r).backend();
        ctx.setTimer(label, service, () -> {
            handling = false;
            if (r instanceof TabletReport t) {
                tabletReport(t);
            } else if (r instanceof TaskReport t) {
                taskReport(t);
            } else {
                throw new IllegalStateException("not a report: " + r);
            }
            startNext();
        });
    }

    /** Resends the queued tasks of this BE that it does not hold (they were lost on the way, or by a BE crash). */
    private void taskReport(TaskReport r) {
        LinkedHashSet<TaskKey> held = new LinkedHashSet<>(r.runningTasks());
        List<AgentProtocol> resend = new ArrayList<>();
        for (AgentTask t : tasks.forBackend(r.backend())) {
            if (!held.contains(new TaskKey(t.type(), t.tabletId()))) {
                resend.add(t.message());
            }
        }
        executor.submit(r.backend(), resend);
    }

    /** What {@code MasterImpl.finishClone} does with the version a finished clone carries. */
    void updateBackendReportVersion(String be, long version) {
        backendReportVersion.put(be, version);
    }

    private void tabletReport(TabletReport r) {
        long current = backendReportVersion.getOrDefault(r.backend(), 0L);
        if (r.reportVersion() < current) {
            ctx.trace("out of date report version " + r.reportVersion() + " from backend[" + r.backend()
                    + "]. current report version[" + current + "]");
            return;
        }
        metrics.record("report-staleness", Math.max(0, ctx.now() - r.snapshotMicros()));
        TreeSet<Long> listed = new TreeSet<>();
        for (ReportedTablet rt : r.tablets()) {
            listed.add(rt.tabletId());
        }
        deleteFromMeta(r.backend(), listed);
        deleteFromBackend(r);
        updateReplicaIds(r);
    }

    /**
     * The FE of the fix sends its replica id to a BE that reported a copy of a NORMAL replica
     * without one: a copy written before the BE's upgrade, or by a clone whose request had no id
     * (apache/doris #18688, "to cope with inventory data"; {@code TabletInvertedIndex.tabletReport}
     * at e11a75b0, then step 9 of {@code ReportHandler.tabletReport}, {@code handleUpdateTabletMeta}).
     * Upstream syncs any id that differs; the model syncs only a missing one (0), which only a run
     * with code before the fix produces, so runs of one mode are as before.
     */
    private void updateReplicaIds(TabletReport r) {
        if (!mode.dropCarriesReplicaId()) {
            return;
        }
        Disk disk = ctx.disk();
        List<AgentProtocol> updates = new ArrayList<>();
        for (ReportedTablet rt : r.tablets()) {
            if (rt.replicaId() != 0) {
                continue;
            }
            TabletMeta meta = Catalog.tablet(disk, rt.tabletId());
            Replica replica = meta == null ? null : meta.replicaOn(r.backend());
            if (replica != null && replica.state() == Replica.State.NORMAL) {
                updates.add(new UpdateTabletMeta(rt.tabletId(), replica.replicaId()));
                ctx.trace("update replica id of tablet " + rt.tabletId() + " on backend[" + r.backend() + "] to "
                        + replica.replicaId() + ", reported 0");
            }
        }
        executor.submit(r.backend(), updates);
    }

    /** (meta - be): replicas the catalog places on this BE that its report does not list. */
    private void deleteFromMeta(String be, TreeSet<Long> listed) {
        Disk disk = ctx.disk();
        for (TabletMeta meta : Catalog.tablets(disk)) {
            Replica r = meta.replicaOn(be);
            // A CLONE replica is not on its BE yet; that is normal.
            if (r == null || listed.contains(meta.tabletId()) || r.state() != Replica.State.NORMAL) {
                continue;
            }
            if (meta.replicas().size() <= 1) {
                ctx.trace("backend [" + be + "] invalid situation. tablet[" + meta.tabletId() + "] has few replica["
                        + meta.replicas().size() + "], replica num setting is [" + meta.replicationNum() + "]");
                if (!r.bad()) {
                    Catalog.put(disk, meta.replaced(r.asBad()));
                    ctx.trace("tablet " + meta.tabletId() + " has only one replica " + r.replicaId() + " on backend "
                            + be + " and it is lost, set it as bad");
                }
                continue;
            }
            Catalog.put(disk, meta.without(r.replicaId()));
            tasks.removeReplicaRelated(be, meta.tabletId());
            ctx.trace("delete replica[" + r.replicaId() + "] in tablet[" + meta.tabletId() + "] from meta. backend["
                    + be + "]");
        }
    }

    /** (be - meta): tablets this BE listed that the catalog does not place on it. */
    private void deleteFromBackend(TabletReport r) {
        String be = r.backend();
        Disk disk = ctx.disk();
        List<AgentProtocol> drops = new ArrayList<>();
        for (ReportedTablet rt : r.tablets()) {
            TabletMeta meta = Catalog.tablet(disk, rt.tabletId());
            if (meta != null && meta.replicaOn(be) != null) {
                continue;
            }
            String failure = addReplica(meta, be, rt);
            if (failure == null) {
                continue;
            }
            ctx.trace("failed add to meta. tablet[" + rt.tabletId() + "], backend[" + be + "]. " + failure);
            long replicaId = mode.dropCarriesReplicaId() ? rt.replicaId() : 0;
            drops.add(new DropTask(rt.tabletId(), replicaId));
            ctx.openWindow(DorisWindows.DROP, rt.tabletId(), List.of(be));
            ctx.trace("delete tablet[" + rt.tabletId() + "] replica " + rt.replicaId() + " from backend[" + be
                    + "] because not found in meta");
        }
        executor.submit(be, drops);
    }

    /**
     * Doris's {@code addReplica}: a tablet with fewer alive replicas than its replication number
     * takes the reported copy as a new NORMAL replica; otherwise the add fails. Returns null when
     * added, else the failure as Doris words it.
     */
    private String addReplica(TabletMeta meta, String be, ReportedTablet rt) {
        if (meta == null) {
            return "errCode = 2, detailMessage = tablet meta does not exist in tablet inverted index";
        }
        // The FE of the fix refuses, before anything else, a copy reported without a replica id (a BE
        // built before PR #9971, or a copy such a BE wrote): it is then dropped with id 0
        // (apache/doris 6f81efb5, addReplica: "replica id is invalid").
        if (mode.dropCarriesReplicaId() && rt.replicaId() <= 0) {
            return "replica id is invalid";
        }
        if (meta.aliveReplicas() >= meta.replicationNum()) {
            return "errCode = 2, detailMessage = replica is enough["
                    + meta.replicas().size() + "-" + meta.replicationNum() + "]";
        }
        // After the fix the FE keeps the id the BE reported, so FE and BE agree (apache/doris 6f81efb5,
        // addReplica); before it, the catalog's id generator gave the adopted copy a new one.
        long replicaId = mode.dropCarriesReplicaId() ? rt.replicaId() : Catalog.nextReplicaId(ctx.disk());
        Catalog.put(ctx.disk(), meta.with(new Replica(replicaId, be, Replica.State.NORMAL)));
        ctx.trace("add replica[" + rt.tabletId() + "-" + replicaId + "] to catalog. backend[" + be + "]");
        return null;
    }
}
