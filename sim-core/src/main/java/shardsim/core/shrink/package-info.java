/**
 * Shrinking a failing run: delta debugging over its plan's faults and workload operations,
 * re-running each candidate, until no single element can go without the failure going too.
 * Budgets (runs, and a stop signal the caller owns, such as a deadline) bound the search; when
 * one runs out the smallest failing plan found so far is the answer.
 */
package shardsim.core.shrink;
