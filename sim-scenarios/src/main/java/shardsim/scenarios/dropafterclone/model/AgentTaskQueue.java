package shardsim.scenarios.dropafterclone.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskType;

/**
 * The FE's agent tasks that wait for a finish report, one per (backend, type, signature) as in
 * Doris's {@code AgentTaskQueue} (incubator-doris fae3eff2, {@code addTask}). Only the
 * TabletScheduler's CLONEs enter it in this model: {@code ReportHandler.deleteFromBackend} puts its
 * DROPs in a batch and submits the batch without queueing them, so a DROP is never tracked or
 * resent. Volatile: lost when the FE crashes.
 */
final class AgentTaskQueue {
    /** One queued task. */
    record AgentTask(String backend, TaskType type, long tabletId, long replicaId, AgentProtocol message) {}

    /** In insertion order, so resends go out in a fixed order. */
    private final LinkedHashMap<String, AgentTask> tasks = new LinkedHashMap<>();

    private static String key(String backend, TaskType type, long tabletId) {
        return backend + "/" + type + "/" + tabletId;
    }

    /** Adds the task unless one with its signature is queued (Doris's {@code addTask} returns false then). */
    boolean add(AgentTask task) {
        return tasks.putIfAbsent(key(task.backend(), task.type(), task.tabletId()), task) == null;
    }

    /** Whether a task of this signature waits for its finish ({@code AgentTaskQueue.getTask} finds one). */
    boolean has(String backend, TaskType type, long tabletId) {
        return tasks.containsKey(key(backend, type, tabletId));
    }

    /** Removes the task if it is the one for {@code replicaId}; a finish for an older task leaves a newer one alone. */
    boolean remove(String backend, TaskType type, long tabletId, long replicaId) {
        String k = key(backend, type, tabletId);
        AgentTask t = tasks.get(k);
        if (t != null && t.replicaId() == replicaId) {
            tasks.remove(k);
            return true;
        }
        return false;
    }

    /** Doris's {@code removeReplicaRelatedTasks}: every task of this tablet on this backend. */
    void removeReplicaRelated(String backend, long tabletId) {
        for (TaskType type : TaskType.values()) {
            tasks.remove(key(backend, type, tabletId));
        }
    }

    List<AgentTask> forBackend(String backend) {
        List<AgentTask> out = new ArrayList<>();
        for (AgentTask t : tasks.values()) {
            if (t.backend().equals(backend)) {
                out.add(t);
            }
        }
        return out;
    }
}
