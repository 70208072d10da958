package shardsim.core.sim;

import shardsim.core.fault.Fault;
import shardsim.core.node.Envelope;
import shardsim.core.trace.Actor;
import shardsim.core.trace.TraceData;

/**
 * What the event loop schedules. Dispatched in {@link EventLoop#dispatch(SimEvent)}. A node's
 * timer is its own event ({@link TimerImpl}), not a record around it: a call makes one object
 * for its timeout, not two.
 */
sealed interface SimEvent
        permits SimEvent.Deliver,
                TimerImpl,
                SimEvent.Inject,
                SimEvent.Aimed,
                SimEvent.WorkerWake,
                SimEvent.Action,
                SimEvent.Check,
                SimEvent.Boot,
                SimEvent.LivenessDeadline {

    /**
     * A message arriving at its receiver.
     *
     * @param route its link, taken when it was sent so that the arrival looks up neither the
     *     receiver nor the link's count of messages in flight
     */
    record Deliver(Envelope envelope, boolean copy, Route route) implements SimEvent {}

    /** A fault from the plan. */
    record Inject(Fault fault) implements SimEvent {}

    /** A fault aimed at a window: injected only if {@code stillAimed} holds at its time. */
    record Aimed(Fault fault, java.util.function.BooleanSupplier stillAimed, Runnable onFired) implements SimEvent {}

    /** A worker's poll or the end of its current task's service. */
    record WorkerWake(WorkerImpl worker, long token) implements SimEvent {}

    /** A driver action: workload, scripted step or kernel bookkeeping. */
    record Action(Actor actor, TraceData label, Runnable action, boolean traced) implements SimEvent {}

    /** A scheduled check (a sample of state taken at a set time); the only event that may raise a violation. */
    record Check(TraceData label, Runnable check) implements SimEvent {}

    /** A node boots for the first time. */
    record Boot(String node) implements SimEvent {}

    /** A liveness deadline, void if a fault happened since it was set. */
    record LivenessDeadline(int index, long epoch) implements SimEvent {}
}
