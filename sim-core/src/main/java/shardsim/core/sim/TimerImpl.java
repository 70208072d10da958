package shardsim.core.sim;

import java.util.function.Consumer;
import shardsim.core.node.Message;
import shardsim.core.node.Timer;

/**
 * A node's timer, or a call's timeout: then it also holds the reply handler, so that a call costs
 * one object besides its message. It is also the event the loop schedules for it.
 */
final class TimerImpl implements Timer, SimEvent {
    final HostContext owner;
    /** The label of a plain timer; null for a call's timeout. */
    final String label;
    /** For a call's timeout: the call's id and its callee. */
    final long callId;

    final String callTo;
    /** For a call's timeout: the request, the reply type it asked for and the handler of that type. */
    private final Message request;

    private final Class<?> replyType;
    private final Consumer<?> onReply;
    final Runnable action;
    private boolean pending = true;

    private TimerImpl(
            HostContext owner,
            String label,
            long callId,
            String callTo,
            Message request,
            Class<?> replyType,
            Consumer<?> onReply,
            Runnable action) {
        this.owner = owner;
        this.label = label;
        this.callId = callId;
        this.callTo = callTo;
        this.request = request;
        this.replyType = replyType;
        this.onReply = onReply;
        this.action = action;
    }

    static TimerImpl timer(HostContext owner, String label, Runnable action) {
        return new TimerImpl(owner, label, 0, null, null, null, null, action);
    }

    static <R extends Message> TimerImpl call(
            HostContext owner,
            long callId,
            String to,
            Message request,
            Class<R> replyType,
            Consumer<? super R> onReply,
            Runnable onTimeout) {
        return new TimerImpl(owner, null, callId, to, request, replyType, onReply, onTimeout);
    }

    /** Hands a call's reply over as the type the call asked for; another type is the model's bug, reported as such. */
    @SuppressWarnings("unchecked")
    void answer(Message reply) {
        if (!replyType.isInstance(reply)) {
            throw new IllegalStateException(
                    "reply of the wrong type to " + request + ": expected " + replyType.getName() + ", got "
                            + (reply == null ? "null" : reply.getClass().getName() + " (" + reply + ")"));
        }
        ((Consumer<Object>) onReply).accept(reply);
    }

    boolean isCall() {
        return callTo != null;
    }

    @Override
    public void cancel() {
        pending = false;
    }

    @Override
    public boolean isPending() {
        return pending && owner.live();
    }

    /** Marks the timer fired; false if it was cancelled or its node incarnation is gone. */
    boolean take() {
        boolean fire = pending && owner.live();
        pending = false;
        return fire;
    }
}
