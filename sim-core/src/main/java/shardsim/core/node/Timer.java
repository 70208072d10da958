package shardsim.core.node;

/** A scheduled callback that may be cancelled before it fires. */
public interface Timer {
    /** Stops the timer from firing; has no effect once it fired or was cancelled. */
    void cancel();

    /** Whether the timer will still fire (neither fired, cancelled, nor lost with its incarnation). */
    boolean isPending();
}
