/**
 * The kernel: {@link shardsim.core.sim.Simulation} and the parts it drives, each a class of its
 * own: the event loop (virtual time, the queue), {@link shardsim.core.sim.Nodes} (incarnations,
 * codes, crashes), the {@link shardsim.core.sim.Network}, worker queues,
 * {@link shardsim.core.sim.Faults} (injection), {@link shardsim.core.sim.Checks} (invariants,
 * liveness, violations) and the {@link shardsim.core.sim.RunRecord} (trace, parameters, metrics).
 */
package shardsim.core.sim;
