package shardsim.core.aim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The run's board of open windows. A window is keyed by its owner, kind and subject: opening one
 * that is open already does nothing (model code may announce at every point that enters the
 * window), and closing one that is not open does nothing either. When a node's process stops (a
 * crash, a code change) the kernel closes every window it owned. Nothing here draws or traces.
 */
public final class Windows {
    /** Most windows open at once; more is a model that forgets to close them. */
    public static final int MAX_OPEN = 4096;

    private record Key(String owner, String kind, long subject) {}

    private final LongSupplier clock;
    /** Open windows in the order opened (iteration order is part of the determinism contract). */
    private final LinkedHashMap<Key, Window> open = new LinkedHashMap<>();

    private final List<WindowListener> listeners = new ArrayList<>();
    private long opened;

    /** A board reading virtual time from {@code clock}. */
    public Windows(LongSupplier clock) {
        this.clock = clock;
    }

    /** Registers a listener (the targeting of a run that aims, a test's recorder). */
    public void listen(WindowListener listener) {
        listeners.add(listener);
    }

    /**
     * Opens the window {@code kind} on {@code subject} involving {@code nodes}, owned by the node
     * {@code owner} (null: nobody's, closed only by {@link #close}). Returns it, or the one already open.
     */
    public Window open(String kind, long subject, List<String> nodes, String owner) {
        Key key = new Key(owner, kind, subject);
        Window w = open.get(key);
        if (w != null) {
            return w;
        }
        if (open.size() >= MAX_OPEN) {
            throw new IllegalStateException(
                    "more than " + MAX_OPEN + " windows open at once; opening " + kind + " " + subject);
        }
        opened++;
        w = new Window(opened, kind, subject, nodes, owner, clock.getAsLong());
        open.put(key, w);
        for (int i = 0; i < listeners.size(); i++) {
            listeners.get(i).opened(w);
        }
        return w;
    }

    /** Closes {@code owner}'s window {@code kind} on {@code subject}, if open. */
    public void close(String kind, long subject, String owner) {
        Window w = open.remove(new Key(owner, kind, subject));
        if (w != null) {
            closed(w);
        }
    }

    /** Closes every window {@code owner} announced (its process stopped). */
    public void closeOwnedBy(String owner) {
        if (open.isEmpty()) {
            return;
        }
        List<Window> gone = new ArrayList<>();
        for (Map.Entry<Key, Window> e : open.entrySet()) {
            if (owner.equals(e.getKey().owner())) {
                gone.add(e.getValue());
            }
        }
        for (Window w : gone) {
            open.remove(new Key(w.owner(), w.kind(), w.subject()));
            closed(w);
        }
    }

    /** Whether {@code window} is still open (not closed, and not replaced by a later one). */
    public boolean isOpen(Window window) {
        return open.get(new Key(window.owner(), window.kind(), window.subject())) == window;
    }

    /** The windows open now, in the order they opened. */
    public List<Window> openNow() {
        return List.copyOf(open.values());
    }

    /** How many windows have opened in the run so far. */
    public long opened() {
        return opened;
    }

    private void closed(Window w) {
        long now = clock.getAsLong();
        for (int i = 0; i < listeners.size(); i++) {
            listeners.get(i).closed(w, now);
        }
    }
}
