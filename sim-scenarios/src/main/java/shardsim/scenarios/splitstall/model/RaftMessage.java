package shardsim.scenarios.splitstall.model;

import java.util.List;
import shardsim.core.node.Message;

/** Raft traffic between the peers of one region on different stores. */
public sealed interface RaftMessage extends Message {
    long regionId();

    long term();

    /**
     * Log replication and heartbeat.
     *
     * @param entries the entries after {@code prevIndex}, possibly none
     */
    record Append(
            long regionId,
            long term,
            String leader,
            long prevIndex,
            long prevTerm,
            List<LogEntry> entries,
            long leaderCommit)
            implements RaftMessage {
        public Append {
            entries = List.copyOf(entries);
        }

        @Override
        public String toString() {
            return "append " + regionId + " t" + term + " prev " + prevIndex + " n " + entries.size() + " commit "
                    + leaderCommit;
        }
    }

    /**
     * A follower's answer. It also reports the follower's engine epoch and stage, which is how
     * the leader learns that followers finished their split files.
     *
     * @param matchIndex on success the last index that matches the leader; on failure a hint
     */
    record AppendResponse(
            long regionId,
            long term,
            String from,
            boolean success,
            long matchIndex,
            long engineVer,
            SplitStage engineStage)
            implements RaftMessage {
        @Override
        public String toString() {
            return "append-resp " + regionId + " t" + term + (success ? " ok " : " reject ") + matchIndex + " engine "
                    + engineVer + " " + engineStage;
        }
    }

    /**
     * A vote request.
     *
     * @param leaderTransfer sent by the target of a leader transfer, which may depose a live leader
     * @param preVote a pre-vote: would the peer vote for {@code term}? Nobody changes term for it
     */
    record RequestVote(
            long regionId,
            long term,
            String candidate,
            long lastIndex,
            long lastTerm,
            boolean leaderTransfer,
            boolean preVote)
            implements RaftMessage {
        @Override
        public String toString() {
            return (preVote ? "pre-vote " : "request-vote ") + regionId + " t" + term + " last " + lastIndex + "/"
                    + lastTerm + (leaderTransfer ? " transfer" : "");
        }
    }

    record Vote(long regionId, long term, String from, boolean granted, boolean preVote) implements RaftMessage {
        @Override
        public String toString() {
            return (preVote ? "pre-vote-resp " : "vote ") + regionId + " t" + term
                    + (granted ? " granted" : " refused");
        }
    }

    /** Leader transfer: the target starts an election at once. */
    record TimeoutNow(long regionId, long term) implements RaftMessage {
        @Override
        public String toString() {
            return "timeout-now " + regionId + " t" + term;
        }
    }
}
