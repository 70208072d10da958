package shardsim.scenarios.splitstall.checks;

import java.util.List;
import shardsim.core.check.SimView;
import shardsim.core.node.Disk;
import shardsim.scenarios.splitstall.model.HardState;
import shardsim.scenarios.splitstall.model.RaftReplica;

/**
 * U9, Raft persistence and vote safety: after every event each live replica's term and vote are the
 * {@link HardState} its disk holds (what a restart loads), its term never goes back, and it never
 * votes for two candidates in one term, across restarts.
 *
 * <p>Raft keeps currentTerm and votedFor on stable storage, "updated on stable storage before
 * responding to RPCs" (Ongaro and Ousterhout, Figure 2). etcd raft states it for its users:
 * "no messages be sent until the latest HardState has been persisted to disk" (etcd-io/raft
 * {@code doc.go:79-81} at cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2); unistore follows it: only a
 * leader sends before {@code SaveReadyState} adds the hard state to the write batch (thesis 10.2.1,
 * about entries; {@code tikv/raftstore/peer.go:850-860} NewRaftReady), a follower or candidate sends
 * after the batch is persisted ({@code peer_worker.go:239-246} postPersistState, ngaut/unistore
 * b4ca36b00071cc655c25d015ee0b117bb7c89c1d). The
 * model's handlers run to completion and persist synchronously, so "persisted before sending"
 * is observable only at the end of the event: a term or vote the replica acts on (and has sent)
 * that its disk does not hold is one a crash would take back. The history part is the safety the
 * rule buys: a restarted replica that loads an older term, or the same term with another vote, can
 * vote twice in one term, and two leaders of one term follow (U10).
 *
 * <p>Cheap enough for every event ({@link RaftSafety} walks the replicas once for U9 to U11): a replica
 * is compared with its disk only when its term or vote moved since the last look or it is a new
 * incarnation, the events where the model writes its hard state (a disk changed behind the model's
 * back is not looked for: only the model writes it). The history keeps, per store and region, the
 * highest term seen and the vote seen in it (with terms that never go back, the votes of older terms
 * cannot change). A hard state written but not flushed reads as written; a crash that loses it shows
 * as a term or vote going back at the restart.
 */
final class HardStateCheck {
    private final SimView sim;
    private final List<String> stores;
    private final List<Long> regionIds;
    /** Per store and region: the replica last looked at (a new object is a new incarnation), and its term and vote then. */
    private final RaftReplica[][] seen;

    private final long[][] seenTerm;
    private final String[][] seenVote;
    /** Per store and region, over every incarnation: the highest term seen and the vote seen in it (null: none yet). */
    private final long[][] maxTerm;

    private final String[][] voteAtMax;
    private final String[] hardKeys;

    HardStateCheck(SimView sim, List<String> stores, List<Long> regionIds) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.regionIds = List.copyOf(regionIds);
        int n = this.stores.size();
        int m = this.regionIds.size();
        seen = new RaftReplica[n][m];
        seenTerm = new long[n][m];
        seenVote = new String[n][m];
        maxTerm = new long[n][m];
        voteAtMax = new String[n][m];
        for (long[] row : maxTerm) {
            java.util.Arrays.fill(row, -1);
        }
        hardKeys = new String[m];
        for (int r = 0; r < m; r++) {
            hardKeys[r] = RaftReplica.hardKey(this.regionIds.get(r));
        }
    }

    /** Looks at store {@code s}'s replica of region {@code r} after an event: null, or what breaks U9. */
    String look(int s, int r, RaftReplica p) {
        long term = p.term();
        String vote = p.vote();
        // The vote by identity: the model keeps the String it was given, so an unchanged vote is the same object.
        if (p == seen[s][r] && term == seenTerm[s][r] && vote == seenVote[s][r]) {
            return null;
        }
        boolean restarted = seen[s][r] != null && p != seen[s][r];
        seen[s][r] = p;
        seenTerm[s][r] = term;
        seenVote[s][r] = vote;
        return judge(s, r, term, vote, restarted, sim.disk(stores.get(s)));
    }

    /** Judges one replica whose term or vote moved (or that restarted), and adds it to the history. */
    String judge(int s, int r, long term, String vote, boolean restarted, Disk disk) {
        HardState hard = disk.get(hardKeys[r], HardState.class).orElse(null);
        if (hard == null || hard.term() != term || !java.util.Objects.equals(hard.votedFor(), vote)) {
            return who(s, r, restarted) + " acts on term " + term + " and vote " + vote + " but its disk holds "
                    + (hard == null ? "no hard state" : "term " + hard.term() + " and vote " + hard.votedFor())
                    + ": a crash now would take them back (Raft persists both before sending)";
        }
        return remember(s, r, term, vote, restarted);
    }

    /** The history part alone: null, or how term {@code term} with {@code vote} contradicts what the replica held before. */
    String remember(int s, int r, long term, String vote, boolean restarted) {
        if (term < maxTerm[s][r]) {
            return who(s, r, restarted) + " is at term " + term + " after term " + maxTerm[s][r]
                    + ": its term went back";
        }
        if (term > maxTerm[s][r]) {
            maxTerm[s][r] = term;
            voteAtMax[s][r] = vote;
            return null;
        }
        if (vote != null) {
            if (voteAtMax[s][r] != null && !voteAtMax[s][r].equals(vote)) {
                return who(s, r, restarted) + " votes for " + vote + " in term " + term + ", where it had voted for "
                        + voteAtMax[s][r];
            }
            voteAtMax[s][r] = vote;
        }
        return null;
    }

    private String who(int s, int r, boolean restarted) {
        return stores.get(s) + "'s replica of region " + regionIds.get(r) + (restarted ? " (restarted)" : "");
    }
}
