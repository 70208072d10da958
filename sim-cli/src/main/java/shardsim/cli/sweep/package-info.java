/**
 * Seed sweeps: seed ranges and shards, result files (a header, a short line per seed, checkpoints of latency histograms), the summary (counts,
 * failing seeds, throughput, HdrHistogram percentiles) and progress reporting.
 */
package shardsim.cli.sweep;
