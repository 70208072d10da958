package shardsim.scenarios.splitstall.checks;

import java.util.List;
import shardsim.core.blocks.Quiet;
import shardsim.core.check.SimView;
import shardsim.core.trace.Micros;
import shardsim.scenarios.splitstall.model.ChangeSet;
import shardsim.scenarios.splitstall.model.Command;
import shardsim.scenarios.splitstall.model.LogEntry;
import shardsim.scenarios.splitstall.model.RaftReplica;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.PlanTimes;

/**
 * U13, U3 where the fix's gap cannot reach: a split whose proposer never stopped leading finishes.
 * The gap of {@link SplitClaims#GAP} needs a leader change after the PRE_SPLIT was proposed (a new
 * leader that had not applied it at its role change, or a leader restarted in PRE_SPLIT). Without
 * one, the proposer's split checker runs the whole procedure itself: splitEngineAndRegion
 * (tikv/raftstore/worker.go:231-257 at 3522d5f) proposes the PRE_SPLIT and waits for it, the
 * applier's PreSplit switches the mem-table and the leader's engine flushes it tagged
 * PRE_SPLIT_FLUSH_DONE (engine/split.go:35-53, write.go:122-143), splitShardFiles waits for that
 * flush and proposes the split files, and the wait for the followers' split files ends in the
 * split admin command. So U3 holds for such a split, gap or no gap.
 *
 * <p>At the end of a run whose faults have been over for {@link PlanTimes#U3_WITHIN_MICROS}, a split
 * started at least half of that before the end and not finished breaks U13 when the region's live
 * leader (the highest term) still leads in the term of the split's PRE_SPLIT entry (the first
 * committed one of that epoch in its log). A store leads at most once in a term (a restart or a
 * step-down leaves it a follower, and leading again takes a new term), so that leader proposed the
 * entry and has led without a break since. It reads only from outside: the {@link SplitTracker}'s
 * record and the replicas' logs.
 */
public final class SteadySplitCheck {
    private final SimView sim;
    private final List<String> stores;
    private final SplitTracker tracker;

    public SteadySplitCheck(SimView sim, List<String> stores, SplitTracker tracker) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.tracker = tracker;
    }

    /** The end-of-run judgement: null when U13 holds or the run is not judged (faults too late). */
    public String judge() {
        long now = sim.now();
        if (!Quiet.since(sim, now - PlanTimes.U3_WITHIN_MICROS)) {
            return null;
        }
        for (SplitTracker.Open open : tracker.unfinished(now - PlanTimes.U3_WITHIN_MICROS / 2)) {
            int s = leader(open.regionId());
            if (s < 0) {
                continue;
            }
            RaftReplica p =
                    sim.node(stores.get(s), Store.class).peer(open.regionId()).raft();
            long index = preSplitIndex(p, open.regionId(), open.shardVer());
            if (index > 0 && p.entry(index).term() == p.term()) {
                return "split of region " + open.regionId() + " at epoch " + open.shardVer() + " (started at t="
                        + Micros.format(open.startedAtMicros()) + ") has not finished, though "
                        + stores.get(s) + " has led it since proposing its pre-split at index " + index + " in term "
                        + p.term();
            }
        }
        return null;
    }

    /** The live store leading the region with the highest term, or -1. */
    private int leader(long regionId) {
        int best = -1;
        long bestTerm = -1;
        for (int s = 0; s < stores.size(); s++) {
            Store st = sim.node(stores.get(s), Store.class);
            if (st != null) {
                RaftReplica p = st.peer(regionId).raft();
                if (p.isLeader() && p.term() > bestTerm) {
                    best = s;
                    bestTerm = p.term();
                }
            }
        }
        return best;
    }

    /** The index of the first committed PRE_SPLIT of {@code ver} in {@code p}'s log, or 0. */
    private static long preSplitIndex(RaftReplica p, long regionId, long ver) {
        for (long i = 1; i <= p.commitIndex(); i++) {
            LogEntry e = p.entry(i);
            if (e.command() instanceof Command.Change c
                    && c.changeSet().kind() == ChangeSet.Kind.PRE_SPLIT
                    && c.changeSet().shardID() == regionId
                    && c.changeSet().shardVer() == ver) {
                return i;
            }
        }
        return 0;
    }
}
