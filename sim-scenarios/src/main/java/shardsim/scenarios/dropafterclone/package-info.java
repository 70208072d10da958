/**
 * The {@code drop-after-clone} scenario: Apache Doris losing a tablet's only copy when a DROP agent
 * task, issued by the FE from a stale tablet report, runs on a BE after a CLONE re-created the
 * tablet there.
 *
 * <p>This package holds only {@link shardsim.scenarios.dropafterclone.DropAfterCloneScenario}, the
 * wiring: which world, nodes, checks and plans a run has. The rest is in layers: {@code model} (the
 * FE and the BEs, what mutation testing mutates) and {@code plan} (what a run is made of: world, mode
 * table, faults, balance moves, the three plans), which read each other's records; {@code checks}
 * (the invariants D1-D13 and the observers and coverage that read the run from outside), which reads
 * both; and {@code report} (the fidelity table, the report's log beside the trace, the report's
 * words). Neither the model nor the plan reads the checks or the report, and the checks do not read
 * the report. A run is data: a world, a link policy, a fault plan and a workload of
 * balance moves, whichever plan it came from, so the scenario can give any run back as a custom
 * plan.
 */
package shardsim.scenarios.dropafterclone;
