package shardsim.scenarios.splitstall.checks;

import java.util.ArrayList;
import java.util.List;
import shardsim.scenarios.splitstall.model.LogEntry;
import shardsim.scenarios.splitstall.model.RaftReplica;

/**
 * U11, state machine safety: at every log index a replica knows committed it holds the same entry as
 * every other replica of the region did at that index (Raft, Ongaro and Ousterhout, Figure 3, "State
 * Machine Safety: if a server has applied a log entry at a given index to its state machine, no other
 * server will ever apply a different log entry for the same index"), judged at the commit index, which
 * bounds what the applier may apply; the applier never gets ahead of it; the commit index never goes
 * back within an incarnation; and a restarted replica's log still holds every entry an earlier
 * incarnation knew committed (the log is persistent state in Figure 2; the commit index is volatile,
 * and unistore restarts it at the applied index it persisted, {@code ShardMeta} here). etcd raft keeps
 * the same bounds in its own log: {@code raftLog.commitTo} never lowers the commit index and panics
 * past the last index, {@code appliedTo} panics on an applied index past the commit index or behind
 * the last one ({@code log.go:322-336}, etcd-io/raft cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2).
 *
 * <p>Cheap ({@link RaftSafety} walks the replicas once for U9 to U11): each committed entry is
 * compared once per replica and incarnation against the first replica's entry at that index (a
 * restart re-reads its log up to what it knew committed, once); an event that moves no commit index
 * costs a few comparisons per replica.
 */
final class LogSafetyCheck {
    private final List<String> stores;
    private final List<Long> regionIds;
    /** Per region: the committed entries, as the first replica to know each index committed held it. */
    private final List<ArrayList<LogEntry>> committed = new ArrayList<>();
    /** Per store and region: the replica (incarnation) last looked at, its commit index then, and the index compared up to. */
    private final RaftReplica[][] seen;

    private final long[][] seenCommit;
    private final long[][] compared;
    /** Per store and region, over every incarnation: the highest commit index seen. */
    private final long[][] knownCommitted;

    LogSafetyCheck(List<String> stores, List<Long> regionIds) {
        this.stores = List.copyOf(stores);
        this.regionIds = List.copyOf(regionIds);
        for (int r = 0; r < this.regionIds.size(); r++) {
            committed.add(new ArrayList<>());
        }
        int n = this.stores.size();
        int m = this.regionIds.size();
        seen = new RaftReplica[n][m];
        seenCommit = new long[n][m];
        compared = new long[n][m];
        knownCommitted = new long[n][m];
    }

    /** Looks at store {@code s}'s replica of region {@code r} (which has applied up to {@code applied}) after an event: null, or what breaks U11. */
    String look(int s, int r, RaftReplica p, long applied) {
        long commit = p.commitIndex();
        if (p != seen[s][r]) {
            seen[s][r] = p;
            compared[s][r] = 0;
            long known = knownCommitted[s][r];
            if (p.lastIndex() < known) {
                return who(s, r) + " restarted with entries up to " + p.lastIndex() + " but had known entries up to "
                        + known + " committed: its log lost committed entries";
            }
            String wrong = compare(s, r, p, known);
            if (wrong != null) {
                return wrong + " (reloaded after a restart)";
            }
            compared[s][r] = Math.min(known, commit);
        } else if (commit < seenCommit[s][r]) {
            return who(s, r) + "'s commit index went back from " + seenCommit[s][r] + " to " + commit
                    + " without a restart";
        }
        seenCommit[s][r] = commit;
        if (applied > commit) {
            return who(s, r) + " has applied up to " + applied + " but knows only entries up to " + commit
                    + " committed";
        }
        if (commit > p.lastIndex()) {
            return who(s, r) + " knows entries up to " + commit + " committed but holds entries only up to "
                    + p.lastIndex();
        }
        if (commit > compared[s][r]) {
            String wrong = compare(s, r, p, commit);
            if (wrong != null) {
                return wrong;
            }
            knownCommitted[s][r] = Math.max(knownCommitted[s][r], commit);
        }
        return null;
    }

    /** Compares the replica's entries after {@code compared[s][r]} up to {@code upTo} with the region's committed entries, extending them. */
    private String compare(int s, int r, RaftReplica p, long upTo) {
        for (long i = compared[s][r] + 1; i <= upTo; i++) {
            String wrong = committedAt(s, r, i, p.entry(i));
            if (wrong != null) {
                return wrong;
            }
        }
        compared[s][r] = upTo;
        return null;
    }

    /** Judges one committed entry of store {@code s}'s replica of region {@code r}: null, or how it differs from the entry committed there before. */
    String committedAt(int s, int r, long index, LogEntry e) {
        ArrayList<LogEntry> ref = committed.get(r);
        if (index > ref.size()) {
            ref.add(e);
            return null;
        }
        LogEntry before = ref.get((int) (index - 1));
        if (!before.equals(e)) {
            return who(s, r) + " holds " + e + " at committed index " + index + ", where " + before + " was committed";
        }
        return null;
    }

    private String who(int s, int r) {
        return stores.get(s) + "'s replica of region " + regionIds.get(r);
    }
}
