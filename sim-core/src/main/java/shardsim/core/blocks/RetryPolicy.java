package shardsim.core.blocks;

/**
 * How a {@link RetryingCall} tries: each try waits {@code timeoutMicros} for its answer; a try that
 * failed is followed, after a backoff, by the next, until {@code triesMax} tries were made. The
 * backoff after try {@code i} (0 first) is {@code backoffFirstMicros << i}, at most
 * {@code backoffMaxMicros} (equal values give a fixed backoff).
 *
 * @param timeoutMicros how long one try waits for its answer before it counts as failed
 * @param triesMax the budget: at most this many tries, the first one included ({@link #UNBOUNDED}
 *     for no limit)
 * @param backoffFirstMicros the wait after the first failed try
 * @param backoffMaxMicros the longest wait between two tries
 * @param backoffBeforeGivingUp whether the wait follows the last failed try too, before the call
 *     gives up (a loop that sleeps after every failure and then tests its counter, as Doris's
 *     {@code TaskWorkerPool::_finish_task} does), rather than giving up at once
 */
public record RetryPolicy(
        long timeoutMicros,
        int triesMax,
        long backoffFirstMicros,
        long backoffMaxMicros,
        boolean backoffBeforeGivingUp) {
    /** A budget with no limit: the caller's answers alone end the call. */
    public static final int UNBOUNDED = Integer.MAX_VALUE;
    /** Doublings beyond this many add nothing: the shift stays well inside a long. */
    private static final int DOUBLINGS_MAX = 16;

    /** Checks the values: a positive timeout and budget, and backoffs with {@code 0 <= first <= max}. */
    public RetryPolicy {
        if (timeoutMicros <= 0) {
            throw new IllegalArgumentException("a try's timeout must be positive, got " + timeoutMicros);
        }
        if (triesMax < 1) {
            throw new IllegalArgumentException("the budget must allow at least one try, got " + triesMax);
        }
        if (backoffFirstMicros < 0 || backoffMaxMicros < backoffFirstMicros) {
            throw new IllegalArgumentException(
                    "backoffs need 0 <= first <= max, got " + backoffFirstMicros + " and " + backoffMaxMicros);
        }
    }

    /** One try, no retry: a plain call with a timeout. */
    public static RetryPolicy once(long timeoutMicros) {
        return new RetryPolicy(timeoutMicros, 1, 0, 0, false);
    }

    /** The wait after try {@code tryIndex} (0 first) failed. */
    public long backoffMicros(int tryIndex) {
        if (tryIndex < 0) {
            throw new IllegalArgumentException("a try's index is never negative, got " + tryIndex);
        }
        return Math.min(backoffMaxMicros, backoffFirstMicros << Math.min(tryIndex, DOUBLINGS_MAX));
    }

    /** Whether the budget allows another try after {@code triesMade} tries. */
    public boolean allowsAnotherAfter(int triesMade) {
        return triesMade < triesMax;
    }
}
