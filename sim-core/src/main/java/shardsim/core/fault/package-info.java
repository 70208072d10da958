/**
 * Faults as data: kernel fault kinds, time-ordered fault plans, and plans generated from a seed
 * with fixed or swarm-drawn intensities.
 */
package shardsim.core.fault;
