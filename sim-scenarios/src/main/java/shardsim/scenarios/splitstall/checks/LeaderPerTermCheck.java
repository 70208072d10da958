package shardsim.scenarios.splitstall.checks;

import java.util.List;
import java.util.TreeMap;
import shardsim.scenarios.splitstall.model.RaftReplica;

/**
 * U10, election safety: at most one store leads a region in any term, over the whole run, crashes
 * included (Raft, Ongaro and Ousterhout, Figure 3, "Election Safety: at most one leader can be
 * elected in a given term"). etcd raft gets it from one vote per term kept on stable storage
 * ({@code raft.go:1214}, Step on MsgVote: it grants only to the candidate it already voted for, or
 * when it has voted for none and knows no leader; etcd-io/raft cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2)
 * and a quorum of votes; here the quorum and
 * the vote are {@link RaftReplica#onVote} and {@link RaftReplica#onRequestVote}, the persistence U9.
 *
 * <p>After every event ({@link RaftSafety}) it looks at each live replica that leads; a replica whose
 * term it has already recorded as leading is skipped, so the map of (region, term) to leader grows by
 * one entry per election and is read once per new leadership.
 */
final class LeaderPerTermCheck {
    private final List<String> stores;
    private final List<Long> regionIds;
    /** Per region: term to the index of the store that led it. */
    private final List<TreeMap<Long, Integer>> leaders;
    /** Per store and region: the replica last recorded leading and its term then (skips the map while nothing changed). */
    private final RaftReplica[][] recorded;

    private final long[][] recordedTerm;

    LeaderPerTermCheck(List<String> stores, List<Long> regionIds) {
        this.stores = List.copyOf(stores);
        this.regionIds = List.copyOf(regionIds);
        this.leaders = new java.util.ArrayList<>();
        for (int r = 0; r < this.regionIds.size(); r++) {
            leaders.add(new TreeMap<>());
        }
        recorded = new RaftReplica[this.stores.size()][this.regionIds.size()];
        recordedTerm = new long[this.stores.size()][this.regionIds.size()];
    }

    /** Looks at store {@code s}'s replica of region {@code r} after an event: null, or what breaks U10. */
    String look(int s, int r, RaftReplica p) {
        if (!p.isLeader() || (p == recorded[s][r] && p.term() == recordedTerm[s][r])) {
            return null;
        }
        recorded[s][r] = p;
        recordedTerm[s][r] = p.term();
        return leads(s, r, p.term());
    }

    /** Records that store {@code s} leads region {@code r} in {@code term}: null, or the other store that led that term. */
    String leads(int s, int r, long term) {
        Integer before = leaders.get(r).putIfAbsent(term, s);
        if (before == null || before == s) {
            return null;
        }
        return "region " + regionIds.get(r) + " has two leaders in term " + term + ": " + stores.get(before) + " and "
                + stores.get(s);
    }
}
