/**
 * State coverage: a scenario's small abstraction of its state ({@link StateSpace}, finite
 * dimensions), sampled after every event by an {@link Abstraction} that only reads the model, and
 * the abstract states and transitions a run reached ({@link Coverage}) and a sweep accumulated
 * ({@link CoverageTally}). Coverage observes, like checks: it never changes the run, its digest or
 * its verdict.
 */
package shardsim.core.coverage;
