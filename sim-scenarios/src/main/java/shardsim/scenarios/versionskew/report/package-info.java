/**
 * What reports show of version-skew besides what they measure: the fidelity table
 * ({@code SkewFidelity}) that sets the model beside HoraeDB's and ceresmeta's code, and the prose
 * ({@code VersionSkewPresentation}, from this package's resources).
 */
package shardsim.scenarios.versionskew.report;
