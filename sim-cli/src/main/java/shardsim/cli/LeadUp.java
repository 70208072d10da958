package shardsim.cli;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import shardsim.core.trace.TraceListener;

/**
 * Keeps the last N trace events and freezes them at the first violation, so a report shows what
 * led up to it even when the scenario runs on after it to collect more violations.
 */
final class LeadUp implements TraceListener {
    private final int size;
    private final ArrayDeque<TraceEvent> window = new ArrayDeque<>();
    private List<TraceEvent> frozen;

    LeadUp(int size) {
        this.size = size;
    }

    @Override
    public void onEvent(TraceEvent event) {
        if (frozen != null || size == 0) {
            return;
        }
        if (window.size() == size) {
            window.removeFirst();
        }
        window.addLast(event);
        if (event.kind() == TraceKind.VIOLATION) {
            frozen = List.copyOf(window);
        }
    }

    /** The events up to and including the first violation, or the last events if none happened. */
    List<TraceEvent> events() {
        return frozen != null ? frozen : new ArrayList<>(window);
    }

    boolean sawViolation() {
        return frozen != null;
    }
}
