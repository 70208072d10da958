package shardsim.core.sim;

/**
 * A limit on a run: going over either is reported as a violation named {@code budget}, so a run
 * that would spin or livelock ends with a reason instead of hanging.
 *
 * @param maxEvents most scheduled events handled
 * @param maxVirtualMicros latest virtual time an event may be handled at
 */
public record RunBudget(long maxEvents, long maxVirtualMicros) {
    /** The invariant a run over budget breaks: a run that does not end is a liveness failure, never a hang. */
    public static final String INVARIANT = "budget";

    public RunBudget {
        if (maxEvents <= 0 || maxVirtualMicros <= 0) {
            throw new IllegalArgumentException("run budget must be positive");
        }
    }

    /** A budget of {@code maxEvents} events and {@code maxVirtualMicros} of virtual time. */
    public static RunBudget of(long maxEvents, long maxVirtualMicros) {
        return new RunBudget(maxEvents, maxVirtualMicros);
    }
}
