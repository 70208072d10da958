/**
 * The run skeleton: the one layer that turns a {@link shardsim.core.scenario.RunSpec} into a run.
 * It checks the mode and plan, resolves built-in, custom and base plans, picks the chaos profile,
 * generates the kernel's faults and merges the scenario's own, records every parameter, schedules
 * the workload before the faults, sets the budget and gives a run's plan back as data. A scenario
 * extends {@link shardsim.core.run.SimulatedScenario} and supplies only what is its own: its world,
 * its modes, its nodes and checks, its workload and fault kinds and its documented plan.
 */
package shardsim.core.run;
