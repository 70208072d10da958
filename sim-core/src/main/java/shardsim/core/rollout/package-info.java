/**
 * Rollouts of a fix: the orders in which a world's nodes move from one mode's code to another's
 * ({@link shardsim.core.rollout.Order}), one seed's rollout as a plan of upgrade and downgrade
 * faults over the seed's own plan ({@link shardsim.core.rollout.Rollout}), and when a run of it
 * first failed: before the first step, in the mixed window, or after the last step
 * ({@link shardsim.core.rollout.Outcome}). Kept in the kernel so that {@code sim upgrades}, the
 * report and a scenario's regression tests build exactly the same runs.
 */
package shardsim.core.rollout;
