/**
 * split-stall's system under test: the stores ({@code Store}), each region's peer ({@code RegionPeer}:
 * a {@code RaftReplica} and a {@code SplitDriver}), the Raft messages and log, the engine's shard state
 * and persisted meta, the workers and the cluster builder ({@code SplitCluster}) that creates the stores
 * and applies the scenario's faults and operations. The code probes the stores hit are here too
 * (the risky windows they announce are the plan's {@code SplitWindows}). What the stores tell an outside observer goes through interfaces ({@code SplitEvents},
 * {@code ForcedPickEvents}) so this package imports no check. This is the package PIT mutates.
 */
package shardsim.scenarios.splitstall.model;
