package shardsim.scenarios.splitstall;

import shardsim.core.check.ClaimTable;
import shardsim.core.check.Rule;

/**
 * What each mode of split-stall says of each invariant: no known gap (the fix of #615 and #643
 * claims every invariant), and the claims each mode is expected to break (the reported bug in
 * {@code buggy}; in an ablation, what the part it removes protects). An ablation's expected break
 * stays a claim: the ablation is the fix less one part and claims what the fix claims, so its
 * failing run is the evidence that the part is needed, not a gap upstream leaves.
 */
final class SplitClaims {
    /** The table, built once. */
    static final ClaimTable TABLE = table();

    private SplitClaims() {
    }

    static ClaimTable table() {
        ClaimTable.Builder b = ClaimTable.builder(SplitInvariants.ALL, SplitMode.ALL.stream().map(SplitMode::name).toList());
        for (String mode : new String[] {SplitMode.BUGGY.name(), SplitMode.FIXED_NO_DELAY.name()}) {
            String why = mode.equals(SplitMode.BUGGY.name()) ? "the reported bug: " : "without the delay (#615) recovery is queued at once, as in the bug: ";
            b.expectedBreak(SplitInvariants.U5, why + "the new leader queues split recovery in stage PRE_SPLIT", mode);
            b.expectedBreak(SplitInvariants.U1, why + "the recovery waits on the region worker for a change set queued behind it", mode);
            stalled(b, why, mode, SplitInvariants.U2, "the worker's other tasks never start");
            stalled(b, why, mode, SplitInvariants.U3, "the split never finishes");
            stalled(b, why, mode, SplitInvariants.U6, "the store stops applying every region's change sets");
            stalled(b, why, mode, SplitInvariants.U7, "another region's split cannot start behind the stalled worker");
        }
        b.expectedBreak(SplitInvariants.U3, "without the re-flush (#643) a new leader that lost the mem-table switched at PRE_SPLIT never produces the flush, "
                + "so the split never finishes", SplitMode.FIXED_NO_REFLUSH.name());
        b.expectedBreak(SplitInvariants.U7, "a region whose split cannot start behind the stuck split's split-files wait", SplitMode.FIXED_NO_REFLUSH.name());
        return b.build();
    }

    private static void stalled(ClaimTable.Builder b, String why, String mode, Rule rule, String effect) {
        b.expectedBreak(rule, why + "the stalled worker means " + effect, mode);
    }
}
