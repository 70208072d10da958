/**
 * Running the kernel's shrinker from the command line: candidates on a pool of threads (the
 * kernel itself has none), for {@code sim shrink} and the shrunk failures in reports.
 */
package shardsim.cli.shrink;
