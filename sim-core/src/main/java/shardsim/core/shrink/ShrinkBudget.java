package shardsim.core.shrink;

import java.util.function.BooleanSupplier;

/**
 * When a shrink stops early: after {@code maxRuns} candidate runs, or when {@code stop} says so
 * (the command line passes a deadline here; the kernel itself never reads a clock).
 *
 * @param maxRuns most candidate runs, the first run of the starting plan included
 * @param stop asked before every batch of runs
 */
public record ShrinkBudget(int maxRuns, BooleanSupplier stop) {
    public ShrinkBudget {
        if (maxRuns < 1) {
            throw new IllegalArgumentException("a shrink needs at least one run, got " + maxRuns);
        }
        if (stop == null) {
            throw new IllegalArgumentException("stop is required (use ShrinkBudget.runs for none)");
        }
    }

    /** A budget of runs only. */
    public static ShrinkBudget runs(int maxRuns) {
        return new ShrinkBudget(maxRuns, () -> false);
    }
}
