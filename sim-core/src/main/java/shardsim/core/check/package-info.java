/**
 * Checks: safety invariants, end-of-run validations, liveness after faults heal, and violations;
 * and what each mode of a scenario says of each invariant ({@link shardsim.core.check.ClaimTable}):
 * a claim, a claim expected to break, or a known gap.
 */
package shardsim.core.check;
