package shardsim.scenarios.splitstall;

import java.util.List;

/**
 * The code probes of split-stall ({@code NodeContext.probe}): one where each of the scenario's
 * fault kinds takes effect. A fixed-mode sweep of the generated plans hits every one; one that does
 * not has stopped testing the fix against it. (The work itself, a finished split, is the mutation
 * test's progress metric, split-duration.)
 */
final class SplitProbes {
    /** A leader asked a peer to start an election at once (SplitFaults.TransferLeader). */
    static final String LEADER_TRANSFER = "leader-transfer";
    /** A flush took longer (SplitFaults.SlowFlush). */
    static final String SLOW_FLUSH = "slow-flush";

    static final List<String> ALL = List.of(LEADER_TRANSFER, SLOW_FLUSH);

    private SplitProbes() {
    }
}
