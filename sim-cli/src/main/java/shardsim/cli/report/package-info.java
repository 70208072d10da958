/**
 * Reproduction reports: the space-time diagram of one run ({@link shardsim.cli.report.RunCapture}
 * keeps a bounded window of the trace, {@link shardsim.cli.report.SpaceTime} draws it as SVG), the
 * page for one run, {@code sim explain}'s curve ({@link shardsim.cli.report.CurvePlot}) and page, and
 * the per-scenario report that {@code sim report} writes to {@code reports/}, with its sections
 * (fidelity, explain, rollout, state coverage against seeds).
 * Everything here is a pure function of the runs: no clock, host or throughput figure, so the files
 * are the same bytes on every machine.
 */
package shardsim.cli.report;
