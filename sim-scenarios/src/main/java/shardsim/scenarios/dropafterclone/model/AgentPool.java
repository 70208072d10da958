package shardsim.scenarios.dropafterclone.model;

import java.util.ArrayDeque;
import java.util.function.Consumer;
import shardsim.core.node.NodeContext;

/**
 * One of a BE's agent task pools, as Doris's {@code TaskWorkerPool}: {@code workers} threads take
 * tasks from one FIFO deque, and a thread stays with its task until the task's callback returns,
 * which is after its finish report was sent (with its retries) and its task info removed
 * ({@code _clone_worker_thread_callback}, {@code _drop_tablet_worker_thread_callback},
 * incubator-doris fae3eff2; {@code CloneTaskPool}, apache/doris 5bbc441b). A task here is
 * asynchronous: it gets the callback that frees its thread. Volatile: the pool dies with its BE.
 *
 * <p>The stall-pool fault is an entry of the deque too: when a thread takes it, the pool takes no
 * task until the stall is over (a disk or a lock that every thread of the pool waits on); the
 * tasks already running go on.
 */
final class AgentPool {
    private final NodeContext ctx;
    private final String name;
    private final int workers;
    private final ArrayDeque<Entry> queue = new ArrayDeque<>();
    private int busy;
    private boolean stalled;

    /** A queued task or stall: {@code body} runs when a thread takes it and calls its argument when the thread is free again. */
    private record Entry(String label, boolean stall, Consumer<Runnable> body) {}

    AgentPool(NodeContext ctx, String name, int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("a pool needs a thread");
        }
        this.ctx = ctx;
        this.name = name;
        this.workers = workers;
    }

    /** Queues a task; {@code body} gets the callback that frees its thread. */
    void submit(String label, Consumer<Runnable> body) {
        queue.addLast(new Entry(label, false, body));
        dispatch();
    }

    /**
     * Queues a stall: once a thread takes it, the pool takes nothing for {@code micros}; then
     * {@code whenOver} runs. {@code probe} is hit when a thread takes the stall, where the fault
     * takes effect (a stall lost with its BE before that never took effect).
     */
    void stall(long micros, String probe, Runnable whenOver) {
        queue.addLast(new Entry("busy " + name + " pool", true, done -> {
            ctx.probe(probe);
            ctx.setTimer("busy " + name + " pool", micros, () -> {
                stalled = false;
                whenOver.run();
                done.run();
            });
        }));
        dispatch();
    }

    /** Tasks waiting for a thread. */
    int queued() {
        return queue.size();
    }

    private void dispatch() {
        while (!stalled && busy < workers && !queue.isEmpty()) {
            Entry e = queue.pollFirst();
            busy++;
            if (e.stall()) {
                stalled = true;
            }
            boolean[] freed = new boolean[1];
            e.body().accept(() -> {
                if (freed[0]) {
                    throw new IllegalStateException(name + " pool: " + e.label() + " freed its thread twice");
                }
                freed[0] = true;
                busy--;
                dispatch();
            });
        }
    }
}
