/**
 * Seed sweeps: seed ranges and shards, result files (a header, a short line per seed, checkpoints of latency histograms and state coverage counts), the summary (counts,
 * failing seeds, throughput, HdrHistogram percentiles, distinct abstract states and transitions) and progress reporting.
 */
package shardsim.cli.sweep;
