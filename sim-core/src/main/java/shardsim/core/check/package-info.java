/** Checks: safety invariants, end-of-run validations, liveness after faults heal, and violations. */
package shardsim.core.check;
