package shardsim.bench;

import umontreal.ssj.simevents.Event;

/**
 * An SSJ event used only as a key in an SSJ event list; SSJ's simulator never runs it.
 *
 * <p>{@link Event#setTime(double)} refuses an event that was ever scheduled, and the lists do not
 * reset the time on removal, so the time is written through the protected field instead: the
 * event is re-added only after it left the list, which is what the hold model does.
 */
final class HoldEvent extends Event {
    HoldEvent(double time) {
        eventTime = time;
    }

    void moveTo(double time) {
        eventTime = time;
    }

    @Override
    public void actions() {
        throw new IllegalStateException("hold events are never simulated");
    }
}
