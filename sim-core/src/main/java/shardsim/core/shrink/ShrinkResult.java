package shardsim.core.shrink;

import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;

/**
 * What a shrink found.
 *
 * @param invariant the invariant whose failure was kept
 * @param original the plan shrinking started from
 * @param originalRun its run
 * @param shrunk the smallest plan found that still fails {@code invariant}
 * @param shrunkRun its run
 * @param runs candidate runs made, the first included
 * @param minimal true when no single fault (with its end) or operation of {@code shrunk} can be removed
 *        with the failure kept; false when a budget stopped the search first
 */
public record ShrinkResult(
        String invariant,
        CustomPlan original,
        RunResult originalRun,
        CustomPlan shrunk,
        RunResult shrunkRun,
        int runs,
        boolean minimal) {}
