/** Contracts any scenario's tests can check (published in sim-core's test-jar). */
package shardsim.core.testing;
