package shardsim.scenarios.dropafterclone;

import java.util.List;
import shardsim.core.node.Message;

/**
 * The messages between the FE and the BEs (agent tasks, finish reports, tablet reports) and
 * between BEs (the snapshot a clone downloads from its source).
 */
public sealed interface AgentProtocol extends Message {

    /** The kinds of agent task the model needs. */
    enum TaskType { CLONE, DROP }

    /** How a BE ended a task. */
    enum Status { OK, FAILED, ABORTED }

    /** A BE de-duplicates task requests by this key, as Doris does by (type, signature). */
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

    /** FE to BE: drop the tablet; {@code replicaId} 0 matches any copy (what the buggy FE sends). */
    record DropTask(long tabletId, long replicaId) implements AgentProtocol {
        @Override
        public String toString() {
            return "DROP tablet=" + tabletId + " replica=" + replicaId;
        }
    }

    /** BE to FE: a task ended. */
    record FinishTask(String backend, TaskType type, long tabletId, long replicaId, Status status, String reason) implements AgentProtocol {
        @Override
        public String toString() {
            return "finishTask " + type + " tablet=" + tabletId + " replica=" + replicaId + " from " + backend + " " + status + " (" + reason + ")";
        }
    }

    /**
     * BE to FE: a snapshot of the BE's tablets and of the tasks it holds, taken at
     * {@code snapshotMicros} on the BE's clock; the FE may handle it much later.
     */
    record TabletReport(String backend, long snapshotMicros, List<ReportedTablet> tablets, List<TaskKey> runningTasks) implements AgentProtocol {
        public TabletReport {
            tablets = List.copyOf(tablets);
            runningTasks = List.copyOf(runningTasks);
        }

        @Override
        public String toString() {
            return "tablet report of " + backend + " at " + snapshotMicros + " tablets=" + tablets + " tasks=" + runningTasks;
        }
    }

    /** BE to BE (a call): the clone's download of the source's copy. */
    record SnapshotRequest(long tabletId) implements AgentProtocol {
        @Override
        public String toString() {
            return "snapshot? tablet=" + tabletId;
        }
    }

    /** The source's answer: whether it holds the tablet, whether that copy is whole, and its meta replica id. */
    record SnapshotResponse(long tabletId, boolean present, boolean complete, long replicaId) implements AgentProtocol {
        @Override
        public String toString() {
            return "snapshot tablet=" + tabletId + (present ? (complete ? " whole" : " partial") + " replica=" + replicaId : " absent");
        }
    }
}
