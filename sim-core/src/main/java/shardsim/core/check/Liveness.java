package shardsim.core.check;

import java.util.function.Supplier;

/**
 * "Within {@code withinMicros} after the faults in force have all ended, P holds." The kernel
 * judges P once at that deadline; any new fault before it moves the deadline.
 *
 * @param name the invariant's name
 * @param withinMicros how long the system has to recover
 * @param check null when P holds, otherwise what is wrong
 */
public record Liveness(String name, long withinMicros, Supplier<String> check) {
    public Liveness {
        if (withinMicros <= 0) {
            throw new IllegalArgumentException("liveness window must be positive");
        }
    }

    /** The liveness check of a declared invariant. */
    public Liveness(Rule rule, long withinMicros, Supplier<String> check) {
        this(rule.name(), withinMicros, check);
    }
}
