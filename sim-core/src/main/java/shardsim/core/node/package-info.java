/**
 * The node contract: nodes, their context, messages and envelopes, timers and the simulated disk.
 */
package shardsim.core.node;
