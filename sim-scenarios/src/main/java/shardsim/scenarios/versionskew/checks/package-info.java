/**
 * The checks of version-skew, observers that read the run from outside: {@code SkewChecks}
 * registers C1-C9 and {@code SkewClaims} says which each mode claims; {@code DdlAvailability} (C6),
 * {@code VersionStepCheck} (C7) and {@code RequestsAnswered} (C8) are the checks with state of their
 * own; {@code ShardCoverage} is the coverage abstraction of a shard; {@code UpstreamCommits} names
 * the upstream commits the claims and the fidelity table cite.
 */
package shardsim.scenarios.versionskew.checks;
