package shardsim.scenarios.splitstall.checks;

/**
 * The gate of split-stall's sampled checks (U2's WorkerDelayCheck, U6's ProgressCheck, U7's
 * SplitOnSizeCheck, U8's SplitStartCheck): a check runs after every event, but reading every store
 * that often costs more than the bound it checks is worth, so it looks at most once a period of
 * virtual time and, once it has reported, not again.
 */
final class SampleGate {
    private final long periodMicros;
    private long nextLookMicros;
    private boolean reported;

    /** A gate that opens first at {@code firstLookMicros} and then at most every {@code periodMicros}. */
    SampleGate(long periodMicros, long firstLookMicros) {
        this.periodMicros = periodMicros;
        this.nextLookMicros = firstLookMicros;
    }

    /** Whether the check looks now: it has not reported, and a period has passed since its last look. */
    boolean due(long nowMicros) {
        if (reported || nowMicros < nextLookMicros) {
            return false;
        }
        nextLookMicros = nowMicros + periodMicros;
        return true;
    }

    /** The check found its violation: the gate stays shut for the rest of the run. */
    void reported() {
        reported = true;
    }
}
