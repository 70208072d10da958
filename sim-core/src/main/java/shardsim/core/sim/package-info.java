/**
 * The event loop and what it owns: virtual time, nodes and their incarnations, the network, worker
 * queues, fault injection, checks, budgets and metrics.
 */
package shardsim.core.sim;
