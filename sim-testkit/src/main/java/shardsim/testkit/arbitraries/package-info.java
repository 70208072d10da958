/**
 * jqwik arbitraries for fault plans, workloads, link policies and whole custom plans, built from
 * jqwik's combinators so that a failing property shrinks them: fewer faults and operations,
 * earlier and shorter faults, a tamer network. For anyone writing a property over a scenario,
 * built in or their own.
 */
package shardsim.testkit.arbitraries;
