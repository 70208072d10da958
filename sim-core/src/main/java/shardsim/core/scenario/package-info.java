/**
 * The contract between scenarios and their users (the command line, tests, benchmarks): what a
 * scenario offers, what a run takes and what it returns, how a run is judged against what its
 * modes claim ({@link shardsim.core.scenario.Verdict}), and the determinism self-check.
 */
package shardsim.core.scenario;
