package shardsim.core.sim;

import shardsim.core.fault.Fault;
import shardsim.core.node.Envelope;
import shardsim.core.trace.TraceData;

/**
 * Sees the run's traffic and faults as the kernel handles them, for checks that judge who
 * answered what (a node answering every request it received). It reads only: it gets immutable
 * records, and must not send, draw, schedule or touch a node. The kernel calls it inside model
 * events, where {@link Checks#violation} is refused, so it cannot fail a run either: it
 * records, and an invariant or validation of the same check reports. It traces nothing, so
 * observing leaves the run and its digest as they were.
 */
public interface RunObserver {
    /** A node handed {@code env} to the network, before the link decides its fate. */
    default void sent(Envelope env) {}

    /** {@code env} reached its live receiver and is handed to it now; {@code copy} when it is the link's duplicate. */
    default void delivered(Envelope env, boolean copy) {}

    /**
     * The network dropped {@code env} now, for the reason {@code why}: at the send (a partition, a
     * full link, the link's loss) or at the delivery (a partition in flight, a receiver down).
     */
    default void dropped(Envelope env, TraceData.Loss why) {}

    /** A fault was applied now (a plan's, or one the model or a lasting fault's end caused). */
    default void faultApplied(Fault fault) {}
}
