package shardsim.scenarios.splitstall.checks;

import java.util.List;
import shardsim.core.blocks.Quiet;
import shardsim.core.check.Invariant;
import shardsim.core.check.SimView;
import shardsim.core.trace.Micros;
import shardsim.scenarios.splitstall.model.RaftReplica;
import shardsim.scenarios.splitstall.model.RegionPeer;
import shardsim.scenarios.splitstall.model.SplitDriver;
import shardsim.scenarios.splitstall.model.Store;

/**
 * U6, progress once the faults end: in the last {@link TailTimes#windowMicros() window} of the run
 * (from the mark M = end - window), when the last fault ended at least {@link TailTimes#settleMicros()
 * settle} before M and none is in force at the end, every region
 * <ol>
 *   <li>has a leader (the live peer leading with the highest term) at some sample of the window, and
 *       changes it at most {@value #MAX_LEADER_CHANGES} times (loss alone rarely deposes a leader:
 *       pre-vote and leader stickiness, {@link RaftReplica#onRequestVote});
 *   <li>the leader at the end, if it was already leading at least half the window before the end,
 *       has committed every entry its log held when the window first saw it lead (the leader's
 *       commit index reaches its last index, up to the writes of the last half window, which keep
 *       coming until the end);
 *   <li>every store has applied (the applier) every entry committed anywhere at M, and its engine
 *       (the region worker) has reached every change set its applier had handled at M.
 * </ol>
 * Raft guarantees (3): a committed entry is in every later leader's log and is replicated to every
 * live peer, and unistore's applier applies committed entries in order ({@code tikv/raftstore/
 * applier.go} at b4ca36b); (2) is what a leader that keeps its quorum does. Faults explain a lack of
 * progress, so a run is not judged if a fault (crash, partition, clog, transfer, slow flush) came
 * later than M - settle or is in force at the end. It observes only: a sample every
 * {@value #SAMPLE_MICROS} us of virtual time reads the replicas and split drivers; the end-of-run
 * validation ({@link #judge}) raises the violation.
 */
public final class ProgressCheck implements Invariant {
    static final long SAMPLE_MICROS = 100_000;
    /** Leader changes allowed in the window with no fault (a loss-induced election or two). */
    static final int MAX_LEADER_CHANGES = 2;

    private final SimView sim;
    private final List<String> stores;
    private final List<Long> regionIds;
    private final long endMicros;
    private final long markMicros;
    private final TailTimes times;
    private final SampleGate gate;
    private boolean marked;

    /** Per region: the highest commit index among live peers at M. */
    private final long[] commitAtMark;
    /** Per store and region: the applier's shard meta (epoch, seq) at M; -1 when the store was down. */
    private final long[][] metaVerAtMark;

    private final long[][] metaSeqAtMark;
    /** Per region: the leader last seen (store index, term), when the window first saw it lead, and its last index then. */
    private final int[] leaderStore;

    private final long[] leaderTerm;
    private final long[] leaderSinceMicros;
    private final long[] leaderLastIndex;
    private final int[] leaderChanges;
    private final boolean[] leaderSeen;

    public ProgressCheck(SimView sim, List<String> stores, List<Long> regionIds, long endMicros, TailTimes times) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.regionIds = List.copyOf(regionIds);
        this.endMicros = endMicros;
        this.times = times;
        this.markMicros = endMicros - times.windowMicros();
        this.gate = new SampleGate(SAMPLE_MICROS, markMicros);
        int n = regionIds.size();
        commitAtMark = new long[n];
        metaVerAtMark = new long[stores.size()][n];
        metaSeqAtMark = new long[stores.size()][n];
        leaderStore = new int[n];
        leaderTerm = new long[n];
        leaderSinceMicros = new long[n];
        leaderLastIndex = new long[n];
        leaderChanges = new int[n];
        leaderSeen = new boolean[n];
        java.util.Arrays.fill(leaderStore, -1);
    }

    @Override
    public String name() {
        return SplitChecks.U6.name();
    }

    /** Samples the regions in the window; never fails a run itself (the validation does). */
    @Override
    public String check() {
        long now = sim.now();
        if (now > endMicros || !gate.due(now)) {
            return null;
        }
        if (!marked) {
            marked = true;
            mark();
        }
        sampleLeaders(now);
        return null;
    }

    private Store store(int s) {
        return sim.node(stores.get(s), Store.class);
    }

    private void mark() {
        for (int r = 0; r < regionIds.size(); r++) {
            long commit = 0;
            for (int s = 0; s < stores.size(); s++) {
                Store st = store(s);
                if (st == null) {
                    metaVerAtMark[s][r] = -1;
                    continue;
                }
                RegionPeer p = st.peer(regionIds.get(r));
                commit = Math.max(commit, p.raft().commitIndex());
                metaVerAtMark[s][r] = p.split().meta().shardVer();
                metaSeqAtMark[s][r] = p.split().meta().seq();
            }
            commitAtMark[r] = commit;
        }
    }

    /** The live store leading region r with the highest term, or -1. */
    private int leader(int r) {
        int best = -1;
        long bestTerm = -1;
        for (int s = 0; s < stores.size(); s++) {
            Store st = store(s);
            if (st != null) {
                RaftReplica p = st.peer(regionIds.get(r)).raft();
                if (p.isLeader() && p.term() > bestTerm) {
                    best = s;
                    bestTerm = p.term();
                }
            }
        }
        return best;
    }

    private void sampleLeaders(long now) {
        for (int r = 0; r < regionIds.size(); r++) {
            int s = leader(r);
            if (s < 0) {
                continue;
            }
            RaftReplica p = store(s).peer(regionIds.get(r)).raft();
            if (leaderSeen[r] && leaderStore[r] == s && leaderTerm[r] == p.term()) {
                continue;
            }
            if (leaderSeen[r]) {
                leaderChanges[r]++;
            }
            leaderSeen[r] = true;
            leaderStore[r] = s;
            leaderTerm[r] = p.term();
            leaderSinceMicros[r] = now;
            leaderLastIndex[r] = p.lastIndex();
        }
    }

    /** The end-of-run judgement: null when U6 holds or the run is not judged (see the class comment). */
    public String judge() {
        if (!marked || !Quiet.since(sim, markMicros - times.settleMicros()) || sim.now() < endMicros) {
            return null;
        }
        long now = sim.now();
        sampleLeaders(now);
        for (int r = 0; r < regionIds.size(); r++) {
            long region = regionIds.get(r);
            if (!leaderSeen[r]) {
                return "region " + region + " had no leader in the last " + Micros.format(times.windowMicros())
                        + " of the run";
            }
            if (leaderChanges[r] > MAX_LEADER_CHANGES) {
                return "region " + region + " changed leader " + leaderChanges[r] + " times in the last "
                        + Micros.format(times.windowMicros()) + " with no fault (now " + stores.get(leaderStore[r])
                        + " at term " + leaderTerm[r] + ")";
            }
            int s = leader(r);
            if (s >= 0 && s == leaderStore[r] && now - leaderSinceMicros[r] >= times.windowMicros() / 2) {
                RaftReplica p = store(s).peer(region).raft();
                if (p.term() == leaderTerm[r] && p.commitIndex() < leaderLastIndex[r]) {
                    return "region " + region + ": leader " + stores.get(s) + " (term " + p.term()
                            + ") held entries up to " + leaderLastIndex[r] + " at t="
                            + Micros.format(leaderSinceMicros[r]) + " and has committed only up to " + p.commitIndex()
                            + " (last index " + p.lastIndex() + ")";
                }
            }
            for (int t = 0; t < stores.size(); t++) {
                Store st = store(t);
                if (st == null) {
                    continue;
                }
                SplitDriver d = st.peer(region).split();
                if (d.applied() < commitAtMark[r]) {
                    return "region " + region + ": " + stores.get(t) + " has applied up to " + d.applied()
                            + " but entries up to " + commitAtMark[r] + " were committed by t="
                            + Micros.format(markMicros);
                }
                if (metaVerAtMark[t][r] >= 0
                        && d.engineVer() <= metaVerAtMark[t][r]
                        && d.engineReached() < metaSeqAtMark[t][r]) {
                    return "region " + region + ": " + stores.get(t) + "'s engine is at shard " + region + ":"
                            + d.engineVer() + " seq " + d.engineReached()
                            + " but its applier had handled the change set at seq " + metaSeqAtMark[t][r] + " by t="
                            + Micros.format(markMicros)
                            + " (region worker: "
                            + st.regionWorker()
                                    .current()
                                    .map(c -> "'" + c.name() + "'")
                                    .orElse("idle") + ")";
                }
            }
        }
        return null;
    }
}
