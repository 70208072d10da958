package shardsim.scenarios.splitstall;

import java.util.List;
import java.util.TreeMap;
import shardsim.core.check.Invariant;
import shardsim.core.sim.Simulation;

/**
 * U10, election safety: at most one store leads a region in any term, over the whole run, crashes
 * included (Raft, Ongaro and Ousterhout, Figure 3, "Election Safety: at most one leader can be
 * elected in a given term"). etcd raft gets it from one vote per term kept on stable storage
 * ({@code raft.go:1214}, Step on MsgVote: it grants only to the candidate it already voted for, or
 * when it has voted for none and knows no leader; etcd-io/raft cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2)
 * and a quorum of votes; here the quorum and
 * the vote are {@link RaftReplica#onVote} and {@link RaftReplica#onRequestVote}, the persistence U9.
 *
 * <p>After every event it looks at each live replica that leads; a replica whose (term) it has
 * already recorded as leading is skipped, so the map of (region, term) to leader grows by one entry
 * per election and is read once per new leadership. It reports the first violation, once.
 */
final class LeaderPerTermCheck implements Invariant {
    private final Simulation sim;
    private final List<String> stores;
    private final List<Long> regionIds;
    /** Per region: term to the index of the store that led it. */
    private final List<TreeMap<Long, Integer>> leaders;
    /** Per store and region: the replica last recorded leading and its term then (skips the map while nothing changed). */
    private final RaftReplica[][] recorded;
    private final long[][] recordedTerm;
    private String found;

    LeaderPerTermCheck(Simulation sim, List<String> stores, List<Long> regionIds) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.regionIds = List.copyOf(regionIds);
        this.leaders = new java.util.ArrayList<>();
        for (int r = 0; r < this.regionIds.size(); r++) {
            leaders.add(new TreeMap<>());
        }
        recorded = new RaftReplica[this.stores.size()][this.regionIds.size()];
        recordedTerm = new long[this.stores.size()][this.regionIds.size()];
    }

    @Override
    public String name() {
        return SplitInvariants.U10.name();
    }

    @Override
    public String check() {
        if (found != null) {
            return null;
        }
        for (int s = 0; s < stores.size(); s++) {
            Store st = sim.node(stores.get(s), Store.class);
            if (st == null) {
                continue;
            }
            List<RegionPeer> peers = st.peers();
            for (int r = 0; r < peers.size(); r++) {
                RaftReplica p = peers.get(r).raft();
                if (!p.isLeader() || (p == recorded[s][r] && p.term() == recordedTerm[s][r])) {
                    continue;
                }
                recorded[s][r] = p;
                recordedTerm[s][r] = p.term();
                found = leads(s, r, p.term());
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** Records that store {@code s} leads region {@code r} in {@code term}: null, or the other store that led that term. */
    String leads(int s, int r, long term) {
        Integer before = leaders.get(r).putIfAbsent(term, s);
        if (before == null || before == s) {
            return null;
        }
        return "region " + regionIds.get(r) + " has two leaders in term " + term + ": " + stores.get(before) + " and " + stores.get(s);
    }
}
