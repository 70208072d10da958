package shardsim.core.node;

/**
 * A simulated process: a state machine driven by messages and timers.
 *
 * <p>The contract, which the kernel relies on for determinism:
 * <ul>
 *   <li>Handlers run to completion and never block; to wait, set a timer or queue a task on a
 *       {@link shardsim.core.worker.WorkerQueue} and return.</li>
 *   <li>All state lives in the node instance or its {@link Disk}; no static mutable state. A crash
 *       discards the instance (its fields are the volatile state) and the unflushed disk writes;
 *       a restart builds a new instance from the node's factory and calls {@link #onRecover()}.</li>
 *   <li>All time, randomness, messaging and tracing go through the {@link NodeContext} the
 *       factory handed in; no wall clock, threads or hash-ordered iteration.</li>
 * </ul>
 */
public interface Node {
    /** First boot. */
    default void onStart() {}

    /** Boot after a crash: the disk holds only what was flushed. Defaults to {@link #onStart()}. */
    default void onRecover() {
        onStart();
    }

    /** A message arrived. Requests are answered with {@link NodeContext#reply(Envelope, Message)}. */
    void onMessage(Envelope envelope);
}
