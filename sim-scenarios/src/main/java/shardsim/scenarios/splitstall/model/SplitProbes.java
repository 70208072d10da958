package shardsim.scenarios.splitstall.model;

import java.util.List;

/**
 * The code probes of split-stall ({@code NodeContext.probe}): one where each of the scenario's
 * fault kinds takes effect, and one where a workload's forced split check reaches a leader. A fixed-mode sweep of the generated plans hits every one; one that does
 * not has stopped testing the fix against it. (The work itself, a finished split, is the mutation
 * test's progress metric, split-duration.)
 */
public final class SplitProbes {
    /** A follower started an election at its leader's request (SplitFaults.TransferLeader). */
    static final String LEADER_TRANSFER = "leader-transfer";
    /** A region's leader queued a split check a workload pick forced, whatever its size (SplitOperation.SplitCheck). */
    static final String FORCED_SPLIT_CHECK = "forced-split-check";
    /** A flush was set to take longer (SplitFaults.SlowFlush): its timer includes the extra delay. */
    static final String SLOW_FLUSH = "slow-flush";

    public static final List<String> ALL = List.of(LEADER_TRANSFER, SLOW_FLUSH, FORCED_SPLIT_CHECK);

    private SplitProbes() {}
}
