/**
 * Seeded randomness: one generator per run, forked by label for every subsystem. Nothing else in
 * the simulator may produce a random number.
 */
package shardsim.core.random;
