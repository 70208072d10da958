package shardsim.scenarios.splitstall.model;

/**
 * What the stores tell about the splits they apply: a PRE_SPLIT applied and an epoch moved. The
 * stores only tell; the record is kept outside them (the checks' {@code SplitTracker}), and the
 * workload driver reads its counts into the run's notes. An interface, so the model depends on no
 * check.
 */
public interface SplitEvents {
    /** A store's applier acted on the pre-split change set of {@code regionId} at epoch {@code shardVer}. */
    void preSplitApplied(long regionId, long shardVer);

    /** A store finished the split of {@code regionId} at epoch {@code shardVer} (the epoch moved). */
    void splitFinished(long regionId, long shardVer);

    /** Splits started so far. */
    long started();

    /** Splits finished so far. */
    long finished();
}
