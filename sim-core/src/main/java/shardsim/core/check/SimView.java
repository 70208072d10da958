package shardsim.core.check;

import java.util.List;
import java.util.Map;
import shardsim.core.node.Disk;
import shardsim.core.node.Node;
import shardsim.core.trace.Actor;
import shardsim.core.worker.WorkerQueue;

/**
 * A run as a check sees it: state to read, and the right to report. Nothing here sends a message,
 * schedules an event, injects a fault or crashes, restarts or adds a node; a check holding only
 * this view cannot change the run it judges (it can still call a node's own methods: those are
 * the model's to keep free of effects).
 */
public interface SimView {
    /** Virtual time now, in microseconds. */
    long now();

    /** The number of scheduled events handled so far. */
    long eventNumber();

    /** Whether every node added before the run has booted. */
    boolean booted();

    /** Every node, in the order added. */
    List<String> nodeNames();

    /** Whether the node is running (booted and not crashed). */
    boolean isUp(String name);

    /** The node's current instance, or null while it is down. */
    Node node(String name);

    /** The node's current instance as a {@code type}, or null while it is down. */
    <T extends Node> T node(String name, Class<T> type);

    /** The node's disk, up or down. */
    Disk disk(String name);

    /** The name of the mode whose code the node runs now. */
    String codeOf(String name);

    /** The node's worker queues (empty while it is down), in creation order. */
    List<WorkerQueue> workers(String name);

    /** A counter that moves whenever any worker's queue, holder, waiting or blocking changes. */
    long workerChanges();

    /** How many tasks hold a live worker waiting for their condition. */
    int waitingTasks();

    /** Faults in force now. */
    int activeFaults();

    /** Since when no fault has been in force or injected; -1 while one is in force. */
    long quietSinceMicros();

    /** The run's parameters, in the order recorded. */
    Map<String, String> params();

    /** The violations so far, one per invariant, in the order found. */
    List<Violation> violations();

    /** Reports a violation (refused while model code runs: checks observe). */
    void violation(String invariant, String message);

    /** Reports a violation of a declared invariant. */
    default void violation(Rule rule, String message) {
        violation(rule.name(), message);
    }

    /** A note in the trace from a checker. */
    void note(Actor actor, String detail);
}
