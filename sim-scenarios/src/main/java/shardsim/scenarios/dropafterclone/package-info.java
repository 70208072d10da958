/**
 * The {@code drop-after-clone} scenario: Apache Doris losing a tablet's only copy when a DROP agent
 * task, issued by the FE from a stale tablet report, runs on a BE after a CLONE re-created the
 * tablet there.
 *
 * <p>This package owns the protocol-level model of the FE (catalog, TabletScheduler balancer,
 * {@code ReportHandler}, AgentTaskQueue, the agent executor)
 * and of the BEs (tablets with their local replica id in a
 * {@code TabletStore}, separate CLONE and DROP task pools ({@code AgentPool}: threads held until a
 * task's finish call returned), the tablet and task reports), the parts of the upstream fix, each
 * switchable, the checks
 * (observers; {@link shardsim.scenarios.dropafterclone.CopyObserver} reads the BEs' disks,
 * {@code MoveProgress} the FE's moves, {@code CatalogRecovery} the FE's catalog across restarts;
 * D6, D7, D10 and D11 the FE's catalog and moves after every event, D8-D11 through one shared
 * {@code CatalogView}; {@code ReportedLoss}, D8 and D9, the replicas a report sets bad or deletes;
 * {@code SentDrops} with {@code CopyObserver}, D13, a DROP of a copy the FE took back after sending it;
 * {@code ReportCadence}, D12, the BEs' reports; D5-D7, D11 and D12 labelled checks of the model's
 * own bookkeeping), the
 * three plans, and the fidelity table and report log that set the model beside Doris. A run is
 * data: a world ({@code DorisWorld}), a link policy, a fault plan and a workload of
 * {@link shardsim.scenarios.dropafterclone.DorisOperation} balance moves, whichever plan it came
 * from, so the scenario can give any run back as a custom plan. Each process runs the code of its
 * own row of the mode table, so a run can mix old and new FE and BEs as a rollout does; the
 * protocol between them follows Doris's (a replica id field one side lacks reads as 0), and
 * {@code DropAfterClonePresentation} gives the report's words (resources under {@code report/}).
 */
package shardsim.scenarios.dropafterclone;
