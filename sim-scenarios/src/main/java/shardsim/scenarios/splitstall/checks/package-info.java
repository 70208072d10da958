/**
 * split-stall's invariants U1 to U12 ({@code SplitChecks}, the registry), the claims table
 * ({@code SplitClaims}: what each mode must and must not break, and the fix's declared gaps), the
 * region coverage abstraction, and the observers that keep their own record of the run from outside
 * the stores ({@code SplitTracker}, {@code ForcedPicks}, {@code AppliedSize}). They read the stores;
 * nothing in the model reads them.
 */
package shardsim.scenarios.splitstall.checks;
