/**
 * {@code sim explain}'s search: when a failing run's failure became inevitable. A point is an
 * event number of the run; its estimate is the fraction of K continuations (the prefix replayed
 * exactly, every random stream re-seeded after it, the plan kept) that break the same invariant.
 * The search evaluates a coarse grid of points, then bisects where the fraction jumps or crosses
 * the thresholds, and names the point of no return and the events before it. Results are
 * assembled in task order, so they do not depend on the thread count.
 */
package shardsim.cli.explain;
