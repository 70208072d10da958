/**
 * Traces: every send, delivery, drop, timer, fault, crash, task and verdict of a run, the rolling
 * digest that fingerprints the run, and the comparison of two traces.
 */
package shardsim.core.trace;
