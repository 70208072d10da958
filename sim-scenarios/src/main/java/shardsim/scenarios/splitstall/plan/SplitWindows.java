package shardsim.scenarios.splitstall.plan;

import java.util.List;
import shardsim.core.aim.ScenarioAim;

/**
 * The risky window split-stall's stores announce, and the scenario's faults that fit it.
 *
 * <p>{@value #PRE_SPLIT}: on one store, a region's split between the applier's handling of the
 * pre-split change set and the engine reaching PRE_SPLIT_FLUSH_DONE (unistore b4ca36b:
 * {@code tikv/raftstore/peer.go:874}, {@code handleChangeSet} sets {@code splitStage =
 * SplitStage_PRE_SPLIT}; {@code engine/write.go:126-127} moves the engine to
 * {@code PRE_SPLIT_FLUSH_DONE} when the pre-split flush applies, which
 * {@code waitForPreSplitFlushState}, {@code engine/split.go:94}, waits for). A store restarted in
 * the window reopens it, since its engine reloads the persisted PRE_SPLIT. The stall needs
 * a new leader inside this window, so a leader transfer of the region to the store in the window
 * fits it; the kernel's crash of that store (a restarted engine has lost the switched mem-table)
 * is aimed besides. The subject is the region id.
 */
public final class SplitWindows {
    /** The window's kind: unistore's {@code SplitStage_PRE_SPLIT}, until PRE_SPLIT_FLUSH_DONE. */
    public static final String PRE_SPLIT = "PRE_SPLIT";

    /** Every kind of window the model announces. */
    public static final List<String> KINDS = List.of(PRE_SPLIT);

    private SplitWindows() {}

    /** A leader transfer of the window's region to the store announcing it. */
    public static List<ScenarioAim> aims() {
        return List.of(ScenarioAim.of(
                PRE_SPLIT,
                (window, random) -> new SplitFaults.TransferLeader(
                        window.subject(), window.nodes().get(0))));
    }
}
