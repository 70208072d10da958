package shardsim.core.workload;

/** An operation and the virtual time it is performed at. */
public record TimedOperation(long atMicros, Operation operation) {
    public TimedOperation {
        if (atMicros < 0) {
            throw new IllegalArgumentException("operation time must not be negative: " + atMicros);
        }
        if (operation == null) {
            throw new IllegalArgumentException("operation is required");
        }
    }
}
