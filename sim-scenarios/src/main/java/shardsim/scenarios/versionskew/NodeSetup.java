package shardsim.scenarios.versionskew;

/**
 * What every meta and data node of a run shares: the scenario faults in force and the time
 * constants. The code a process runs (its row of {@link FixParts}) is its own, not the run's.
 */
public record NodeSetup(FaultSwitches faults, Timing timing) {
}
