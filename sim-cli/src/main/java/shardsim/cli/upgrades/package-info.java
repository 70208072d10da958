/**
 * {@code sim upgrades}' sweep: every seed of a range run under every rollout order
 * ({@link shardsim.core.rollout}), in parallel across seeds, tallied per order in seed order, with
 * the smallest failing seed of each unsafe order; and its text and JSON. The report's section
 * "Rolling out the fix" reads the same tallies.
 */
package shardsim.cli.upgrades;
