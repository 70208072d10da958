package shardsim.core.aim;

/** Told as windows open and close; it must not trace (announcing a window changes no run). */
public interface WindowListener {
    /** Told when a window opens (it draws nothing and traces nothing). */
    void opened(Window window);

    /** The window closed at {@code atMicros}: its announcer closed it, or its owner's process stopped. */
    default void closed(Window window, long atMicros) {}
}
