package shardsim.scenarios.versionskew;

/**
 * What every meta and data node of a run shares: the scenario faults in force, the time constants
 * and the shards' storage. The code a process runs (its row of {@link FixParts}) is its own, not
 * the run's.
 */
public record NodeSetup(FaultSwitches faults, Timing timing, ShardStorage storage) {
}
