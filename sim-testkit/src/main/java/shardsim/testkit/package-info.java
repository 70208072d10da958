/**
 * What a scenario's own tests need from shardsim, in one jar beside sim-core: the {@code planOf}
 * contract ({@link shardsim.testkit.PlanOfContract}), the helper that turns a failing property
 * into a plan file and the {@code sim run} line that replays it ({@link shardsim.testkit.Replay}),
 * and the plan arbitraries ({@link shardsim.testkit.arbitraries}). It depends on sim-core and
 * jqwik only, not on the command line, so a project outside this repository can use it.
 */
package shardsim.testkit;
