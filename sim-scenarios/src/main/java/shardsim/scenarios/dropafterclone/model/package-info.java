/**
 * The system under test of drop-after-clone, at the level of Doris's protocol: the FE
 * ({@code Frontend}: catalog, TabletScheduler balancer, {@code ReportHandler}, {@code AgentTaskQueue},
 * the agent executor) and the BEs ({@code Backend}: tablets with their local replica id in a
 * {@code TabletStore}, separate CLONE and DROP task pools ({@code AgentPool}: threads held until a
 * task's finish call returned), the tablet and task reports), the messages between them
 * ({@code AgentProtocol}: a replica id field one side lacks reads as 0), the cluster builder
 * ({@code DorisCluster}), the fault switches the nodes read ({@code FaultState}) and the code probes
 * they emit. Each process runs the code of its own row of the mode table, so a run can mix old and
 * new FE and BEs as a rollout does.
 * Nothing here imports the checks or the report.
 */
package shardsim.scenarios.dropafterclone.model;
