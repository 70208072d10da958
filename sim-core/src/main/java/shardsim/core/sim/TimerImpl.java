package shardsim.core.sim;

import shardsim.core.node.Timer;
import shardsim.core.trace.TraceData;

final class TimerImpl implements Timer {
    final HostContext owner;
    final TraceData label;
    final Runnable action;
    private boolean pending = true;

    TimerImpl(HostContext owner, TraceData label, Runnable action) {
        this.owner = owner;
        this.label = label;
        this.action = action;
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
