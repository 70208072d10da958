package shardsim.core.trace;

/** Receives every trace event as it is recorded, for example to stream it to a file. */
@FunctionalInterface
public interface TraceListener {
    void onEvent(TraceEvent event);
}
