/**
 * jqwik arbitraries for fault plans, workloads, link policies and whole custom plans, built from
 * jqwik's combinators so that a failing property shrinks them: fewer faults and operations,
 * earlier and shorter faults, a tamer network. Published in sim-core's test-jar for anyone
 * writing a property over their own scenario.
 */
package shardsim.core.arbitraries;
