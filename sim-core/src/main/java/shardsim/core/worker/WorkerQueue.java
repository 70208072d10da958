package shardsim.core.worker;

import java.util.List;
import java.util.Optional;

/**
 * A single-server FIFO queue owned by a node: one task at a time, in the order queued. A crash of
 * the owner loses the queue. Bounded: submitting beyond {@link #capacity()} is refused.
 */
public interface WorkerQueue {
    String name();

    String owner();

    /** Queues a task; returns false (and traces a drop) when the queue is full. */
    boolean submit(Task task);

    /** The task holding the worker, if any. */
    Optional<TaskView> current();

    /** The tasks waiting behind the current one, in order. */
    List<TaskView> queued();

    int capacity();

    /** Tasks finished since the owner last started. */
    long completed();
}
