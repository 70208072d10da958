/**
 * {@code sim explore}'s helpers: the runner that runs a batch of candidate plans on a pool of
 * threads (outcomes in candidate order, so the search is the same for any thread count), the plan
 * files of the failures found, and the summary as text and JSON. The search itself is
 * {@link shardsim.core.explore.Explorer}'s, in the kernel.
 */
package shardsim.cli.explore;
