/**
 * The version-skew scenario: CeresDB / HoraeDB's ceresmeta and its data nodes disagree on a
 * shard's version after one DDL response is lost, and every later DDL on the shard fails with
 * "Shard version mismatch". Owns the protocol (CreateTableOnShard, DropTableOnShard, OpenShard,
 * CloseShard, heartbeat), the meta, data-node and client models, the scenario's own fault records,
 * the client's CREATE / DROP TABLE requests as workload operations, the C1-C9 checks, its world
 * (nodes and shards) and what its plans draw or script; the run skeleton
 * ({@link shardsim.core.run.SimulatedScenario}) turns them into runs, so that a plan file or a
 * shrunk plan replays the same run.
 */
package shardsim.scenarios.versionskew;
