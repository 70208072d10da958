package shardsim.core.worker;

import java.util.List;
import java.util.Optional;

/**
 * A single-server FIFO queue owned by a node: one task at a time, in the order queued. A crash of
 * the owner loses the queue. Bounded, like a buffered channel of {@link #capacity()} slots (the
 * task in service holds none): a node handler that submits to a full queue is refused, and a task
 * body that does blocks its own worker, as a goroutine blocks on a full channel. The blocked
 * worker's task is held until a slot frees, and the worker starts nothing until then.
 */
public interface WorkerQueue {
    /** The queue's name, unique on its node. */
    String name();

    /** The node that owns the queue. */
    String owner();

    /**
     * Queues a task. When the queue is full: inside another worker's task body, that worker blocks
     * and the task is held (true); from a node handler, the task is refused (false, traced as a drop).
     */
    boolean submit(Task task);

    /** The task holding the worker, if any. */
    Optional<TaskView> current();

    /** The tasks waiting behind the current one, in order: a live read-only view, not a copy. */
    List<TaskView> queued();

    /** Tasks of blocked submitters, held until a slot frees, in the order they blocked: a live read-only view. */
    List<TaskView> held();

    /** The worker (as owner/name) this one is blocked on, submitting to it while it is full; empty when not blocked. */
    Optional<String> blockedOn();

    /** owner/name. */
    default String actor() {
        return owner() + "/" + name();
    }

    /** Most tasks the queue holds besides the one in service. */
    int capacity();

    /** Tasks finished since the owner last started. */
    long completed();
}
