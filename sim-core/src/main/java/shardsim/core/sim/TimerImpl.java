package shardsim.core.sim;

import java.util.function.Consumer;
import shardsim.core.node.Message;
import shardsim.core.node.Timer;

/**
 * A node's timer, or a call's timeout: then it also holds the reply handler, so that a call costs
 * one object besides its message.
 */
final class TimerImpl implements Timer {
    final HostContext owner;
    /** The label of a plain timer; null for a call's timeout. */
    final String label;
    /** For a call's timeout: the call's id and its callee. */
    final long callId;
    final String callTo;
    final Consumer<Message> onReply;
    final Runnable action;
    private boolean pending = true;

    private TimerImpl(HostContext owner, String label, long callId, String callTo, Consumer<Message> onReply, Runnable action) {
        this.owner = owner;
        this.label = label;
        this.callId = callId;
        this.callTo = callTo;
        this.onReply = onReply;
        this.action = action;
    }

    static TimerImpl timer(HostContext owner, String label, Runnable action) {
        return new TimerImpl(owner, label, 0, null, null, action);
    }

    static TimerImpl call(HostContext owner, long callId, String to, Consumer<Message> onReply, Runnable onTimeout) {
        return new TimerImpl(owner, null, callId, to, onReply, onTimeout);
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
