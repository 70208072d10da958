package shardsim.cli.power;

/**
 * One sweep from one starting seed.
 *
 * @param start the first seed
 * @param seedsRun seeds run, the failing one included (all of them when none failed)
 * @param found whether a seed failed within the limit
 * @param invariant the first invariant the failing seed broke, or null
 * @param wallNanos wall time of the runs
 */
public record StartResult(long start, long seedsRun, boolean found, String invariant, long wallNanos) {
    /** The failing seed, when one was found. */
    public long failingSeed() {
        return start + seedsRun - 1;
    }
}
