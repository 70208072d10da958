/**
 * The version-skew scenario: CeresDB / HoraeDB's ceresmeta and its data nodes disagree on a
 * shard's version after one DDL response is lost, and every later DDL on the shard fails with
 * "Shard version mismatch".
 *
 * <p>This package holds only {@link shardsim.scenarios.versionskew.VersionSkewScenario}, the
 * wiring: which world, nodes, checks and plans a run has. The rest is in layers: {@code model}
 * (meta, the data nodes, the client and the protocol between them; what mutation testing mutates),
 * {@code plan} (what a run is made of: world, mode table, faults, client requests, the plans that
 * draw or script them; read by the model too), {@code checks} (C1-C9, the claims table and the
 * coverage abstraction, reading the run from outside) and {@code report} (the fidelity table and
 * the report's words). The run skeleton ({@link shardsim.core.run.SimulatedScenario}) turns them
 * into runs, so that a plan file or a shrunk plan replays the same run.
 */
package shardsim.scenarios.versionskew;
