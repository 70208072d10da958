package shardsim.scenarios.dropafterclone.model;

import java.util.List;
import shardsim.core.node.Message;

/**
 * The messages between the FE and the BEs (agent tasks, finish reports, tablet and task reports)
 * and between BEs (the snapshot a clone downloads from its source).
 */
public sealed interface AgentProtocol extends Message {

    /** The kinds of agent task the model needs. */
    enum TaskType {
        CLONE,
        DROP
    }

    /** How a BE ended a task. */
    enum Status {
        OK,
        FAILED,
        ABORTED
    }

    /**
     * A BE de-duplicates task requests by this key, as Doris does by (type, signature), and a
     * CLONE and a DROP use the tablet id as signature (the report's "signature=11415").
     */
    record TaskKey(TaskType type, long tabletId) {
        @Override
        public String toString() {
            return type + ":" + tabletId;
        }
    }

    /** One tablet in a report: its id and the replica id the BE's tablet meta holds. */
    record ReportedTablet(long tabletId, long replicaId) {
        @Override
        public String toString() {
            return tabletId + "/" + replicaId;
        }
    }

    /** FE to BE: copy the tablet from {@code srcBackend} as replica {@code replicaId}. */
    record CloneTask(long tabletId, long replicaId, String srcBackend) implements AgentProtocol {
        @Override
        public String toString() {
            return "CLONE tablet=" + tabletId + " replica=" + replicaId + " src=" + srcBackend;
        }
    }

    /**
     * FE to BE, from an FE built before PR #9971: a {@code TCloneReq} without {@code replica_id}
     * (incubator-doris fae3eff2, {@code AgentService.thrift}), which a BE of the fix reads as 0.
     * {@code taskReplicaId} is the catalog replica the FE's task is for: the FE's own handle on the
     * task (Doris finds it by backend, type and signature in the AgentTaskQueue), echoed in the
     * finish like any task's identity, and the checks' ghost; no BE takes it for a replica id.
     */
    record LegacyCloneTask(long tabletId, long taskReplicaId, String srcBackend) implements AgentProtocol {
        @Override
        public String toString() {
            return "CLONE tablet=" + tabletId + " (no replica_id; task of replica " + taskReplicaId + ") src="
                    + srcBackend;
        }
    }

    /**
     * FE to BE: drop the tablet; {@code replicaId} 0 matches any copy: what an FE built before
     * PR #9971 sends (its {@code TDropTabletReq} has no {@code replica_id}), and what an FE of the
     * fix sends for a copy its BE reported with id 0 (tablet_manager.cpp {@code _drop_tablet_unlocked},
     * apache/doris 0a6013a7: "Iff request replica id is 0, FE may be an older release").
     */
    record DropTask(long tabletId, long replicaId) implements AgentProtocol {
        @Override
        public String toString() {
            return "DROP tablet=" + tabletId + " replica=" + replicaId;
        }
    }

    /**
     * FE to BE: an {@code UpdateTabletMetaInfoTask} with {@code TTabletMetaInfo.replica_id}, the
     * FE's replica id for a copy the BE reported without one (apache/doris #18688; FE
     * {@code TabletInvertedIndex.tabletReport}, e11a75b0; BE {@code update_tablet_meta_info} sets it
     * when {@code __isset.replica_id}, in memory, saved with the next meta save). A BE before the
     * fix has no such field and ignores it.
     */
    record UpdateTabletMeta(long tabletId, long replicaId) implements AgentProtocol {
        @Override
        public String toString() {
            return "UPDATE_TABLET_META_INFO tablet=" + tabletId + " replica_id=" + replicaId;
        }
    }

    /** BE to FE: a task ended; {@code reportVersion} is the BE's report version when the task set it, else 0. */
    record FinishTask(
            String backend,
            TaskType type,
            long tabletId,
            long replicaId,
            Status status,
            String reason,
            long reportVersion)
            implements AgentProtocol {
        @Override
        public String toString() {
            return "finishTask " + type + " tablet=" + tabletId + " replica=" + replicaId + " from " + backend + " "
                    + status + " (" + reason + ")" + (reportVersion > 0 ? " report version " + reportVersion : "");
        }
    }

    /**
     * FE to BE: the answer to a {@link FinishTask} call ({@code TMasterResult}). The FE answers every
     * finish it gets, whether or not it found the task; the BE retries only a call that got no
     * answer ({@code TaskWorkerPool::_finish_task}, incubator-doris fae3eff2).
     */
    record FinishResult(TaskType type, long tabletId, boolean taskFound) implements AgentProtocol {
        @Override
        public String toString() {
            return "finishTask result " + type + " tablet=" + tabletId + (taskFound ? "" : " (cannot find task)");
        }
    }

    /**
     * BE to FE: a snapshot of the BE's tablets and of its report version, taken at
     * {@code snapshotMicros} on the BE's clock (every {@code report_tablet_interval_seconds}); the
     * FE may handle it much later.
     */
    record TabletReport(String backend, long snapshotMicros, long reportVersion, List<ReportedTablet> tablets)
            implements AgentProtocol {
        public TabletReport {
            tablets = List.copyOf(tablets);
        }

        @Override
        public String toString() {
            return "tablet report of " + backend + " at " + snapshotMicros + " version " + reportVersion + " tablets="
                    + tablets;
        }
    }

    /**
     * BE to FE: the tasks the BE has registered (queued or running), every
     * {@code report_task_interval_seconds}; the FE resends the CLONEs it misses.
     */
    record TaskReport(String backend, long snapshotMicros, List<TaskKey> runningTasks) implements AgentProtocol {
        public TaskReport {
            runningTasks = List.copyOf(runningTasks);
        }

        @Override
        public String toString() {
            return "task report of " + backend + " at " + snapshotMicros + " tasks=" + runningTasks;
        }
    }

    /** BE to BE (a call): the clone's download of the source's copy. */
    record SnapshotRequest(long tabletId) implements AgentProtocol {
        @Override
        public String toString() {
            return "snapshot? tablet=" + tabletId;
        }
    }

    /** The source's answer: whether it holds the tablet, and its meta replica id. */
    record SnapshotResponse(long tabletId, boolean present, long replicaId) implements AgentProtocol {
        @Override
        public String toString() {
            return "snapshot tablet=" + tabletId + (present ? " replica=" + replicaId : " absent");
        }
    }
}
