package shardsim.scenarios.splitstall.plan;

/**
 * A region as the cluster is bootstrapped.
 *
 * @param regionId the region (shard) id
 * @param shardVer its epoch
 * @param term the raft term at bootstrap
 * @param leader the store leading it at bootstrap
 * @param sizeBytes its size at bootstrap
 */
public record RegionSpec(long regionId, long shardVer, long term, String leader, long sizeBytes) {}
