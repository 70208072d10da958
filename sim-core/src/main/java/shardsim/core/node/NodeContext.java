package shardsim.core.node;

import java.util.function.Consumer;
import shardsim.core.random.SimRandom;
import shardsim.core.worker.WorkerQueue;

/**
 * A node's narrow view of the world. One context exists per incarnation: after a crash every
 * timer, pending call and queued task of the old context is void.
 */
public interface NodeContext {
    /** The node's name, as others send to it. */
    String name();

    /** The node's clock: virtual time plus this node's skew. Durations should use it too. */
    long now();

    /** This incarnation's random stream, forked from the run's seed by node name and incarnation. */
    SimRandom random();

    /** The node's disk; survives crashes, keeping flushed writes only. */
    Disk disk();

    /** How many times this node has restarted (0 on first boot). */
    int incarnation();

    /**
     * The name of the mode whose code this incarnation runs (fixed for the incarnation; an
     * upgrade or downgrade starts a new one). A scenario's node factory picks its row of the mode
     * table from it. {@link shardsim.core.sim.Nodes#NO_CODE} in a simulation whose codes
     * nobody assigned (one built without the run skeleton).
     */
    String code();

    /** A one-way message. */
    void send(String to, Message message);

    /**
     * A request: exactly one of {@code onReply} or {@code onTimeout} runs, unless this node crashes
     * first. A reply arriving after the timeout is dropped (and traced), although the receiver
     * may well have applied the request.
     *
     * <p>The reply must be a {@code replyType}: the kernel checks it before {@code onReply} runs,
     * so handlers never cast. A reply of another type is a bug of the model (the receiver answered
     * the wrong message), and the kernel throws an {@link IllegalStateException} naming the
     * request, the expected and the actual type, rather than letting the run go on.
     */
    <R extends Message> void call(
            String to,
            Message request,
            Class<R> replyType,
            long timeoutMicros,
            Consumer<? super R> onReply,
            Runnable onTimeout);

    /** Answers a request received in {@code request}. */
    void reply(Envelope request, Message response);

    /** Runs {@code action} after {@code delayMicros} of virtual time. */
    Timer setTimer(String label, long delayMicros, Runnable action);

    /** The node's single-server FIFO queue of that name, created on first use. */
    WorkerQueue worker(String name);

    /**
     * The node's queue of that name holding at most {@code capacity} tasks (besides the one in
     * service), created on first use; the capacity of an existing queue must match.
     */
    WorkerQueue worker(String name, int capacity);

    /**
     * Announces a risky window: something a fault could break is in flight on {@code subject} (a
     * shard, a tablet, a region) involving {@code nodes}. Opening one already open does nothing.
     * It draws nothing and traces nothing, so announcing changes no run; a plan that aims
     * ({@code targeted}) may place faults inside it. This incarnation's end closes it.
     */
    shardsim.core.aim.Window openWindow(String kind, long subject, java.util.List<String> nodes);

    /** Closes this node's window {@code kind} on {@code subject}, if it is open. */
    void closeWindow(String kind, long subject);

    /**
     * Counts one pass of code probe {@code name}: a place worth knowing a sweep reached (a fault
     * taking effect, say). It draws nothing and traces nothing, so it changes no run.
     */
    void probe(String name);

    /**
     * A model note in the trace (a state change worth seeing). There is deliberately no way to
     * raise a violation from here: checks observe the model from outside.
     */
    void trace(String detail);
}
