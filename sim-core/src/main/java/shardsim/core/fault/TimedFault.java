package shardsim.core.fault;

/** A fault and the virtual time it is injected at. */
public record TimedFault(long atMicros, Fault fault) {
    public TimedFault {
        if (atMicros < 0) {
            throw new IllegalArgumentException("fault time must not be negative: " + atMicros);
        }
        if (fault == null) {
            throw new IllegalArgumentException("fault is required");
        }
    }
}
