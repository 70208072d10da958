/**
 * The {@code drop-after-clone} scenario: Apache Doris losing a tablet's only copy when a DROP agent
 * task, issued by the FE from a stale tablet report, runs on a BE after a CLONE re-created the
 * tablet there.
 *
 * <p>This package owns the protocol-level model of the FE (catalog, TabletScheduler balancer,
 * ReportHandler, AgentTaskQueue) and of the BEs (tablets with their local replica id, separate
 * CLONE and DROP task pools, the periodic tablet report), the replica-id fence of the upstream fix
 * with each of its parts switchable, the checks D1 to D3, and the three plans. A run is data: a
 * world ({@code DorisWorld}), a link policy, a fault plan and a workload of
 * {@link shardsim.scenarios.dropafterclone.DorisOperation} balance moves, whichever plan it came
 * from, so the scenario can give any run back as a custom plan.
 */
package shardsim.scenarios.dropafterclone;
