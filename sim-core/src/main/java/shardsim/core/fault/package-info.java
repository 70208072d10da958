/**
 * Faults as data: kernel fault kinds, lasting faults and the one {@link shardsim.core.fault.End}
 * record that ends any of them, time-ordered fault plans, and plans generated from a seed with
 * fixed or swarm-drawn intensities.
 */
package shardsim.core.fault;
