package shardsim.scenarios.splitstall.plan;

import java.util.List;
import shardsim.core.run.Mode;

/**
 * How a new leader handles a split it finds in progress: a row of the scenario's table of modes
 * ({@link #TABLE}), {@code buggy} with no part of the fix on, {@code fixed} with both, an ablation with one.
 *
 * @param name the mode's name on the command line
 * @param delayedRecovery queue recovery only once the engine stage is at least PRE_SPLIT_FLUSH_DONE
 *     and the engine sequence has reached the persisted seq (upstream #615); otherwise at once
 * @param reflush re-flush when the stage is PRE_SPLIT, even with no switched mem-table (upstream #643)
 */
public record SplitMode(String name, boolean delayedRecovery, boolean reflush) implements Mode {
    public static final SplitMode BUGGY = new SplitMode("buggy", false, false);
    public static final SplitMode FIXED = new SplitMode("fixed", true, true);
    public static final SplitMode FIXED_NO_DELAY = new SplitMode("fixed-no-delay", false, true);
    public static final SplitMode FIXED_NO_REFLUSH = new SplitMode("fixed-no-reflush", true, false);

    public static final List<SplitMode> TABLE = List.of(BUGGY, FIXED, FIXED_NO_DELAY, FIXED_NO_REFLUSH);
}
