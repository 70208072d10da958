/**
 * How reports present split-stall: the fidelity table and the alignment of a run's log with the bug
 * report ({@code SplitFidelity}), and the prose, loaded from this package's resource directory
 * ({@code SplitStallPresentation}).
 */
package shardsim.scenarios.splitstall.report;
