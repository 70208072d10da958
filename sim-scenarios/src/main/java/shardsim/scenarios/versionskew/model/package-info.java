/**
 * The system under test of version-skew, at the level of HoraeDB's and ceresmeta's protocol: meta
 * ({@code MetaNode}: durable shard views, per-shard procedures in a {@code ProcedureQueue}, the
 * heartbeat repair), the data nodes ({@code DataNode}: shards over a table {@code Engine}), the
 * client driving CREATE / DROP TABLE ({@code ClientDriver}), the messages between them
 * ({@code SkewProtocol}, with {@code VersionWire}: what each side's code sends and reads, so meta and
 * a node may run different modes), the shards' storage and etcd locks, the cluster builder
 * ({@code SkewCluster}), the fault switches the nodes read ({@code FaultSwitches}), the time
 * constants ({@code Timing}) and the code probes they emit ({@code SkewProbes}). This is what
 * mutation testing mutates. Nothing here imports the checks or the report.
 */
package shardsim.scenarios.versionskew.model;
