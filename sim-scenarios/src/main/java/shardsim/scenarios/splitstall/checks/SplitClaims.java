package shardsim.scenarios.splitstall.checks;

import shardsim.core.check.ClaimTable;
import shardsim.core.check.Rule;
import shardsim.scenarios.splitstall.plan.SplitMode;

/**
 * What each mode of split-stall says of each invariant: the liveness gaps the fix leaves upstream
 * (U3 and U7 in {@code fixed}, see {@link #GAP}), and the claims each mode is expected to break (the reported bug in
 * {@code buggy}; in an ablation, what the part it removes protects). An ablation's expected break
 * stays a claim: the ablation is the fix less one part and claims what the fix claims, so its
 * failing run is the evidence that the part is needed, not a gap upstream leaves.
 */
public final class SplitClaims {
    /** The table, built once. */
    public static final ClaimTable TABLE = table();

    private SplitClaims() {}

    static ClaimTable table() {
        ClaimTable.Builder b = ClaimTable.builder(
                SplitChecks.ALL, SplitMode.TABLE.stream().map(SplitMode::name).toList());
        for (String mode : new String[] {SplitMode.BUGGY.name(), SplitMode.FIXED_NO_DELAY.name()}) {
            String why = mode.equals(SplitMode.BUGGY.name())
                    ? "the reported bug: "
                    : "without the delay (#615) recovery is queued at once, as in the bug: ";
            b.expectedBreak(SplitChecks.U5, why + "the new leader queues split recovery in stage PRE_SPLIT", mode);
            b.expectedBreak(
                    SplitChecks.U1,
                    why + "the recovery waits on the region worker for a change set queued behind it",
                    mode);
            stalled(b, why, mode, SplitChecks.U2, "the worker's other tasks never start");
            stalled(b, why, mode, SplitChecks.U3, "the split never finishes");
            stalled(b, why, mode, SplitChecks.U6, "the store stops applying every region's change sets");
            stalled(b, why, mode, SplitChecks.U7, "another region's split cannot start behind the stalled worker");
            stalled(
                    b,
                    why,
                    mode,
                    SplitChecks.U13,
                    "a split on that store cannot finish behind the stalled worker, though its proposer keeps leading");
            stalled(
                    b,
                    why,
                    mode,
                    SplitChecks.U14,
                    "the split the new leader took over cannot finish: its recovery holds the worker it waits on");
        }
        b.expectedBreak(
                SplitChecks.U3,
                "without the re-flush (#643) a new leader that lost the mem-table switched at PRE_SPLIT never produces the flush, "
                        + "so the split never finishes",
                SplitMode.FIXED_NO_REFLUSH.name());
        b.expectedBreak(
                SplitChecks.U7,
                "a region whose split cannot start behind the stuck split's split-files wait",
                SplitMode.FIXED_NO_REFLUSH.name());
        b.gap(SplitChecks.U3, GAP, SplitMode.FIXED.name());
        b.gap(SplitChecks.U7, GAP, SplitMode.FIXED.name());
        return b.build();
    }

    /**
     * Why U3 and U7 are gaps of unistore's fix (3522d5f): split recovery starts only in
     * OnRoleChanged, from the meta's stage at the role change (tikv/raftstore/peer.go:739-766), and
     * splitShardFiles runs only from the proposer's split checker (worker.go:240) and from
     * handleRecoverSplit (worker.go:581). A PRE_SPLIT the new leader had not applied at its role change
     * (it learns the commit only from its own term's entries) is applied, flushed and then left: the
     * proposer's checker fails with "not leader", the new leader never recovers it, later checks fail
     * with "wrong split stage" (worker.go:262-265), and with
     * CheckQuorum on (peer.go:320) a healthy region keeps its leader, so the split waits for a leader
     * change that need not come (U3). A leader restarted in PRE_SPLIT has no immutable mem-table to
     * re-flush (loadShard, engine.go:421-431; TriggerFlush relabels only an existing one,
     * engine.go:807-834), so its #615 watcher waits for a flush nobody makes (U3), and a split checker
     * left in waitForPreSplitFlushState (split.go:91-99, no epoch or leader check) on that store blocks
     * every later split check there (U7). Shrunk runs of both: FixGapShrunkRunTest.
     */
    static final String GAP =
            "unistore 3522d5f starts split recovery only in OnRoleChanged (peer.go:739-766) and splits shard files only from the "
                    + "proposer's split checker (worker.go:240) and handleRecoverSplit (worker.go:581): a PRE_SPLIT the new leader had not applied at its role "
                    + "change is left until another leader change, which CheckQuorum (peer.go:320) need not bring (shrunk: fixed random seed 22, one leader "
                    + "transfer); a leader restarted in PRE_SPLIT has no immutable mem-table for TriggerFlush to relabel (engine.go:421-431, 807-834), so the "
                    + "#615 watcher waits, and a split checker left in waitForPreSplitFlushState (split.go:91-99) blocks later split checks on that store "
                    + "(U7; shrunk: fixed targeted seed 250, a transfer, two crashes and restarts)";

    private static void stalled(ClaimTable.Builder b, String why, String mode, Rule rule, String effect) {
        b.expectedBreak(rule, why + "the stalled worker means " + effect, mode);
    }
}
