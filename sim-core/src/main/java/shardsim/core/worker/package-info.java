/**
 * Worker queues: single-server FIFO queues owned by nodes, with service times and polling waits,
 * observable by checkers.
 */
package shardsim.core.worker;
