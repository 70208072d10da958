/**
 * State coverage over seed ranges: running the seeds on a pool and merging what each reached
 * ({@link shardsim.cli.coverage.CoverageRuns}), and listing it per state space: states and
 * transitions reached, the rarest states reached and the states never reached
 * ({@link shardsim.cli.coverage.CoverageListing}). What the listing says depends on the seeds only,
 * not on the thread count.
 */
package shardsim.cli.coverage;
