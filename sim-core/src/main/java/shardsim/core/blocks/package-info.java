/**
 * Building blocks a scenario would otherwise write by hand, each small and of one concept, built
 * only on the public API a node and a checker already use ({@link shardsim.core.node.NodeContext},
 * {@link shardsim.core.sim.Simulation}):
 *
 * <ul>
 *   <li>{@link shardsim.core.blocks.RetryingCall} with its {@link shardsim.core.blocks.RetryPolicy}:
 *       a request with a timeout, tried again after a backoff until an answer settles it or the
 *       budget of tries runs out;</li>
 *   <li>{@link shardsim.core.blocks.Lease}: a holder's claim that lives until a deadline unless
 *       renewed (a lock in etcd, a Raft leader's lease);</li>
 *   <li>{@link shardsim.core.blocks.Samples}, {@link shardsim.core.blocks.Quiet} and
 *       {@link shardsim.core.blocks.Eventually}: checks sampled in the quiet tail, how long the
 *       faults have been over, and "within T after the faults end, P holds at every sample".</li>
 * </ul>
 *
 * <p>A block draws no randomness and adds nothing to the trace of its own: it schedules exactly the
 * timers, calls and checks the hand-written code it replaces did, under the labels its caller
 * gives, so moving a scenario onto a block leaves its runs and digests unchanged. The kernel's
 * deadline form of "eventually" is {@link shardsim.core.check.Liveness}.
 */
package shardsim.core.blocks;
