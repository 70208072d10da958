package shardsim.scenarios.splitstall.model;

/**
 * Where the workload driver ({@link SplitCluster}) tells each split-checker pick it forced; the
 * record is kept outside the stores (the checks' {@code ForcedPicks}, read by U8) and never read
 * by them. An interface, so the model depends on no check.
 */
public interface ForcedPickEvents {
    /** A leading peer of {@code regionId} at epoch {@code shardVer} was made to pick its region. */
    void picked(long regionId, long shardVer);
}
