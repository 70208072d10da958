/**
 * JMH benchmarks of the kernel, run from {@code target/benchmarks.jar} and never during the build.
 *
 * <p>{@link shardsim.bench.HoldBenchmark} measures the pending-event set alone with the classic hold
 * model (take the earliest event, schedule one at its time plus a random increment) at a fixed
 * number of pending events, for the kernel's {@link shardsim.core.event.EventQueue} and for peers:
 * {@link java.util.PriorityQueue} ordered by (time, sequence) and SSJ's event lists. Every queue
 * replays the same pre-drawn increments, so random-number cost is neither measured nor different.
 *
 * <p>{@link shardsim.bench.ThroughputBenchmark} measures messages delivered per second of wall time
 * through the whole kernel path (send, link policy with loss, duplication and random delay, event
 * queue, delivery, reply routing, handler, trace digest) in a small ping model defined here, so the
 * figure does not move when a scenario changes.
 */
package shardsim.bench;
