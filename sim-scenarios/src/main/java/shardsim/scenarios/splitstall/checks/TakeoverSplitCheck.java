package shardsim.scenarios.splitstall.checks;

import static shardsim.scenarios.splitstall.model.SplitStage.INITIAL;
import static shardsim.scenarios.splitstall.model.SplitStage.PRE_SPLIT;
import static shardsim.scenarios.splitstall.model.SplitStage.PRE_SPLIT_FLUSH_DONE;

import java.util.List;
import shardsim.core.blocks.Quiet;
import shardsim.core.check.Invariant;
import shardsim.core.check.SimView;
import shardsim.core.trace.Micros;
import shardsim.scenarios.splitstall.model.RaftReplica;
import shardsim.scenarios.splitstall.model.ShardMeta;
import shardsim.scenarios.splitstall.model.SplitDriver;
import shardsim.scenarios.splitstall.model.SplitStage;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.PlanTimes;

/**
 * U14, the fix's own claim, which U3's gap hides: a new leader that finds a split in progress
 * recovers it. unistore 3522d5f starts recovery in OnRoleChanged when the meta's stage is past
 * INITIAL (tikv/raftstore/peer.go:739-766): TriggerFlush first (engine.go:807-834; #643 tags the
 * newest immutable mem-table PRE_SPLIT_FLUSH_DONE when the engine is in PRE_SPLIT), then the #615
 * watcher waits for the engine to reach PRE_SPLIT_FLUSH_DONE and the captured sequence and queues
 * handleRecoverSplit (worker.go:577-596), which splits the files and waits for the followers. The gap
 * ({@link SplitClaims#GAP}) is where that cannot work: a leader whose meta was still INITIAL at its
 * role change (the PRE_SPLIT not applied yet), and a leader in PRE_SPLIT with no immutable mem-table
 * left for TriggerFlush to relabel (a restart reloads none, engine.go:421-431; TriggerFlush skips
 * the tables whose flush is being applied). So at a role change with the meta past INITIAL and the
 * engine of the same epoch at INITIAL (the applier's PreSplit is still to come, on an active engine
 * that flushes it), at PRE_SPLIT_FLUSH_DONE or later, or in PRE_SPLIT with more immutable mem-tables
 * than flushes in flight, the split must finish while that leader keeps leading.
 *
 * <p>It observes only: after every event it notes each store that leads a region in a term it has
 * not seen it lead, and what that store's meta and engine hold then (becameLeader runs in the event
 * that makes it leader and changes neither); at the end of a run whose faults have been over for
 * {@link PlanTimes#U3_WITHIN_MICROS}, a split started at least half of that before the end and not
 * finished breaks U14 when the region's live leader (the highest term) took over in its current
 * term with that split in progress as above, at least half of that before the end too: a take-over
 * late in the run has had no time to recover (fixed swarm seed 13743: store-3 took region 150 over
 * 0.7 s before the end, recovered at once and was proposing the finish when the run ended).
 */
public final class TakeoverSplitCheck implements Invariant {
    private final SimView sim;
    private final List<String> stores;
    private final List<Long> regionIds;
    private final SplitTracker tracker;
    /** Per region and store: the term it was last seen taking over in, or -1; the epoch and whether the fix can recover it. */
    private final long[][] tookTerm;

    private final long[][] tookVer;
    private final boolean[][] recoverable;
    private final long[][] tookAtMicros;

    public TakeoverSplitCheck(SimView sim, List<String> stores, List<Long> regionIds, SplitTracker tracker) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.regionIds = List.copyOf(regionIds);
        this.tracker = tracker;
        tookTerm = new long[regionIds.size()][stores.size()];
        tookVer = new long[regionIds.size()][stores.size()];
        recoverable = new boolean[regionIds.size()][stores.size()];
        tookAtMicros = new long[regionIds.size()][stores.size()];
        for (long[] row : tookTerm) {
            java.util.Arrays.fill(row, -1);
        }
    }

    @Override
    public String name() {
        return SplitChecks.U14.name();
    }

    /** Notes take-overs; never fails a run itself (the validation does). */
    @Override
    public String check() {
        for (int s = 0; s < stores.size(); s++) {
            Store st = sim.node(stores.get(s), Store.class);
            if (st == null) {
                continue;
            }
            for (int r = 0; r < regionIds.size(); r++) {
                RaftReplica p = st.peer(regionIds.get(r)).raft();
                if (p.isLeader() && tookTerm[r][s] != p.term()) {
                    SplitDriver d = st.peer(regionIds.get(r)).split();
                    ShardMeta meta = d.meta();
                    tookTerm[r][s] = p.term();
                    tookVer[r][s] = meta.shardVer();
                    tookAtMicros[r][s] = sim.now();
                    recoverable[r][s] =
                            meta.splitStage() != INITIAL && d.engineVer() == meta.shardVer() && recoverableEngine(d);
                }
            }
        }
        return null;
    }

    private static boolean recoverableEngine(SplitDriver d) {
        SplitStage stage = d.engineStage();
        return stage == INITIAL
                || stage.atLeast(PRE_SPLIT_FLUSH_DONE)
                || (stage == PRE_SPLIT && d.immutableMemTables() > d.flushesInFlight());
    }

    /** The end-of-run judgement: null when U14 holds or the run is not judged (faults too late). */
    public String judge() {
        long now = sim.now();
        if (!Quiet.since(sim, now - PlanTimes.U3_WITHIN_MICROS)) {
            return null;
        }
        for (SplitTracker.Open open : tracker.unfinished(now - PlanTimes.U3_WITHIN_MICROS / 2)) {
            int r = regionIds.indexOf(open.regionId());
            int s = leader(open.regionId());
            if (r < 0 || s < 0) {
                continue;
            }
            long term = sim.node(stores.get(s), Store.class)
                    .peer(open.regionId())
                    .raft()
                    .term();
            if (tookTerm[r][s] == term
                    && tookVer[r][s] == open.shardVer()
                    && recoverable[r][s]
                    && tookAtMicros[r][s] <= now - PlanTimes.U3_WITHIN_MICROS / 2) {
                return "split of region " + open.regionId() + " at epoch " + open.shardVer() + " (started at t="
                        + Micros.format(open.startedAtMicros()) + ") has not finished, though " + stores.get(s)
                        + " took the region over at t=" + Micros.format(tookAtMicros[r][s]) + " (term " + term
                        + ") with the split in progress and a flush the fix can make, and leads it since";
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
}
