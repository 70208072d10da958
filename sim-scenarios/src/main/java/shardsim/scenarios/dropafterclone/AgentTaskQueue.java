package shardsim.scenarios.dropafterclone;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import shardsim.scenarios.dropafterclone.AgentProtocol.TaskType;

/**
 * The FE's agent tasks that are sent and not yet reported finished, one per (backend, type,
 * tablet) as in Doris. Volatile: lost when the FE crashes.
 */
final class AgentTaskQueue {
    /** One outstanding task; {@code createdMicros} is on the FE's clock. */
    record AgentTask(String backend, TaskType type, long tabletId, long replicaId, AgentProtocol message, long createdMicros, int resends) {
        AgentTask resent() {
            return new AgentTask(backend, type, tabletId, replicaId, message, createdMicros, resends + 1);
        }
    }

    /** In insertion order, so resends go out in a fixed order. */
    private final LinkedHashMap<String, AgentTask> tasks = new LinkedHashMap<>();

    private static String key(String backend, TaskType type, long tabletId) {
        return backend + "/" + type + "/" + tabletId;
    }

    AgentTask get(String backend, TaskType type, long tabletId) {
        return tasks.get(key(backend, type, tabletId));
    }

    void put(AgentTask task) {
        tasks.put(key(task.backend(), task.type(), task.tabletId()), task);
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
