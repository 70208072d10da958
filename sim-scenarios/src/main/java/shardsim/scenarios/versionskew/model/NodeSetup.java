package shardsim.scenarios.versionskew.model;

import shardsim.scenarios.versionskew.plan.SkewMode;

/**
 * What every meta and data node of a run shares: the scenario faults in force, the time constants,
 * the shards' storage and the shard locks in etcd. The code a process runs (its row of
 * {@link SkewMode}) is its own, not the run's.
 */
public record NodeSetup(FaultSwitches faults, Timing timing, ShardStorage storage, ShardLocks locks) {}
