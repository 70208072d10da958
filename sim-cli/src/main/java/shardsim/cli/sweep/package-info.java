/**
 * Seed sweeps: seed ranges and shards, per-seed results as JSON lines, the summary (counts,
 * failing seeds, throughput, HdrHistogram percentiles) and progress reporting.
 */
package shardsim.cli.sweep;
