package shardsim.scenarios.splitstall.checks;

import java.util.List;
import shardsim.core.check.Invariant;
import shardsim.core.check.Rule;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.splitstall.model.RaftReplica;
import shardsim.scenarios.splitstall.model.RegionPeer;
import shardsim.scenarios.splitstall.model.Store;

/**
 * The Raft safety checks U9 ({@link HardStateCheck}), U10 ({@link LeaderPerTermCheck}) and U11
 * ({@link LogSafetyCheck}): they observe every live replica after every event, so one walk of the
 * stores and regions per event feeds all three, and each rule's invariant reports the first violation
 * its check found, once. Like every check it only reads the model.
 *
 * <p>Most events change no replica's Raft state, so the walk first compares what the three checks
 * read (the replica object, term, vote, role, commit and applied index) with its last look, in flat
 * arrays, and hands a replica to the checks only when something moved.
 */
public final class RaftSafety {
    private final Simulation sim;
    private final List<String> stores;
    private final HardStateCheck hard;
    private final LeaderPerTermCheck leaders;
    private final LogSafetyCheck logs;
    /** The first violation of U9, U10 and U11, and whether it was reported. */
    private final String[] found = new String[3];

    private final boolean[] reported = new boolean[3];
    private long lookedAt = -1;
    private final int regions;
    /** Per store and region (index store * regions + region): what the checks read, at the last look. */
    private final RaftReplica[] lastReplica;

    private final long[] lastTerm;
    private final String[] lastVote;
    private final boolean[] lastLeader;
    private final long[] lastCommit;
    private final long[] lastApplied;

    private RaftSafety(Simulation sim, List<String> stores, List<Long> regionIds) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.hard = new HardStateCheck(sim.view(), stores, regionIds);
        this.leaders = new LeaderPerTermCheck(stores, regionIds);
        this.logs = new LogSafetyCheck(stores, regionIds);
        this.regions = regionIds.size();
        int n = this.stores.size() * regions;
        lastReplica = new RaftReplica[n];
        lastTerm = new long[n];
        lastVote = new String[n];
        lastLeader = new boolean[n];
        lastCommit = new long[n];
        lastApplied = new long[n];
    }

    /** Registers U9, U10 and U11 on {@code sim} for the regions every store holds a peer of, in the order of {@code regionIds}. */
    public static void register(Simulation sim, List<String> stores, List<Long> regionIds) {
        RaftSafety checks = new RaftSafety(sim, stores, regionIds);
        List<Rule> rules = List.of(SplitChecks.U9, SplitChecks.U10, SplitChecks.U11);
        for (int i = 0; i < rules.size(); i++) {
            int rule = i;
            sim.checks().invariant(Invariant.of(rules.get(i), () -> checks.report(rule)));
        }
    }

    private String report(int rule) {
        look();
        if (found[rule] == null || reported[rule]) {
            return null;
        }
        reported[rule] = true;
        return found[rule];
    }

    /** One walk per event: the first of the three invariants to run looks, the others read what it found. */
    private void look() {
        long event = sim.eventNumber();
        if (event == lookedAt || (found[0] != null && found[1] != null && found[2] != null)) {
            return;
        }
        lookedAt = event;
        for (int s = 0; s < stores.size(); s++) {
            Store st = sim.nodes().node(stores.get(s), Store.class);
            if (st == null) {
                continue;
            }
            List<RegionPeer> peers = st.peers();
            for (int r = 0; r < peers.size(); r++) {
                RegionPeer peer = peers.get(r);
                RaftReplica p = peer.raft();
                int i = s * regions + r;
                long term = p.term();
                String vote = p.vote();
                boolean leader = p.isLeader();
                long commit = p.commitIndex();
                long applied = peer.split().applied();
                // The vote by identity: the model keeps the String it was given, and a new one only costs a look.
                if (p == lastReplica[i]
                        && term == lastTerm[i]
                        && vote == lastVote[i]
                        && leader == lastLeader[i]
                        && commit == lastCommit[i]
                        && applied == lastApplied[i]) {
                    continue;
                }
                lastReplica[i] = p;
                lastTerm[i] = term;
                lastVote[i] = vote;
                lastLeader[i] = leader;
                lastCommit[i] = commit;
                lastApplied[i] = applied;
                if (found[0] == null) {
                    found[0] = hard.look(s, r, p);
                }
                if (found[1] == null) {
                    found[1] = leaders.look(s, r, p);
                }
                if (found[2] == null) {
                    found[2] = logs.look(s, r, p, applied);
                }
            }
        }
    }
}
