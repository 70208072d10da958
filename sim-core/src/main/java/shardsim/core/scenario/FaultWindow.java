package shardsim.core.scenario;

/**
 * When a run's generated faults fall: from {@code fromMicros} (the cluster has booted) to
 * {@code toMicros} (the quiet tail starts). A rollout is placed inside it, so the tail after it
 * judges the state it leaves.
 */
public record FaultWindow(long fromMicros, long toMicros) {
    public FaultWindow {
        if (fromMicros < 0 || toMicros <= fromMicros) {
            throw new IllegalArgumentException(
                    "a fault window needs 0 <= from < to, got " + fromMicros + ".." + toMicros);
        }
    }
}
