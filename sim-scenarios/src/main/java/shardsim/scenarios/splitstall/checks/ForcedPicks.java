package shardsim.scenarios.splitstall.checks;

import java.util.ArrayList;
import java.util.List;
import shardsim.scenarios.splitstall.model.ForcedPickEvents;
import shardsim.scenarios.splitstall.model.SplitCluster;
import shardsim.scenarios.splitstall.plan.SplitOperation;

/**
 * The split-checker picks the workload forced (a {@link SplitOperation.SplitCheck}), as the
 * workload driver ({@link SplitCluster}) saw them: for each, the region and the epoch the picking
 * leader's meta was at, the epoch its pre-split carries. U8 ({@link SplitStartCheck}) excuses every
 * split of such a (region, epoch) whatever its size; it is filled from outside the stores and never
 * read by them.
 */
public final class ForcedPicks implements ForcedPickEvents {
    /** Bounded by the workload, which is finite; a plan file may list any number, so the list is capped. */
    static final int MAX_PICKS = 10_000;

    private final List<long[]> picks = new ArrayList<>();
    private boolean overflow;

    /** A leading peer of {@code regionId} at epoch {@code shardVer} was made to pick its region. */
    @Override
    public void picked(long regionId, long shardVer) {
        if (picks.size() >= MAX_PICKS) {
            // past the cap every split counts as forced: U8 then judges nothing rather than something wrong
            overflow = true;
            return;
        }
        picks.add(new long[] {regionId, shardVer});
    }

    /** Whether a forced pick may have started the split of {@code regionId} at epoch {@code shardVer}. */
    boolean forced(long regionId, long shardVer) {
        if (overflow) {
            return true;
        }
        for (long[] p : picks) {
            if (p[0] == regionId && p[1] == shardVer) {
                return true;
            }
        }
        return false;
    }
}
