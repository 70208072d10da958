package shardsim.scenarios.versionskew;

/**
 * What every meta and data node of a run shares: the mode's fix parts, the scenario faults in
 * force and the time constants.
 */
public record NodeSetup(FixParts fix, FaultSwitches faults, Timing timing) {
}
