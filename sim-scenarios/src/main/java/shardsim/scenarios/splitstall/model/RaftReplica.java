package shardsim.scenarios.splitstall.model;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.blocks.Lease;
import shardsim.core.node.Disk;
import shardsim.core.node.NodeContext;
import shardsim.core.node.Timer;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * The Raft replica of one region on one store: term, vote, log, commit index, elections (with
 * pre-vote and leader stickiness) and leader transfer. It knows nothing of splits: it hands
 * committed entries, role changes and the engine progress followers report to its {@link Listener}
 * (the split driver), and the driver reaches it only through {@link Replica}.
 */
public final class RaftReplica implements Replica {
    enum Role {
        FOLLOWER,
        CANDIDATE,
        LEADER
    }

    /** What the replica tells the split driver, and the engine state it piggybacks on responses. */
    interface Listener {
        /** This peer became leader of {@code term} (raft.go "became leader"; peer.go OnRoleChanged). */
        void becameLeader();

        /** This peer stopped being leader. */
        void lostLeadership();

        /** The commit index moved past what the applier has seen. */
        void committed();

        /** A follower's append response carried its engine (epoch, stage). */
        void followerReported();

        long engineVer();

        SplitStage engineStage();
    }

    private static final int QUORUM = 2;

    private final Store store;
    private final NodeContext ctx;
    private final StoreConfig cfg;
    private final long regionId;
    private final String keyHard;
    private final String keyLog;
    private Listener listener;

    private long term;
    private String votedFor;
    private final ArrayList<LogEntry> log = new ArrayList<>();
    private long commitIndex;
    private Role role = Role.FOLLOWER;
    private String leaderId;
    private Timer electionTimer;
    private long electionDeadline;
    /** The lease of the leader of its term this peer last heard from: an election timeout from then (its own clock); null before any. */
    private Lease leaderLease;

    private int votes;
    /** The term this peer is pre-voting for (term + 1), or -1; and the pre-votes it has. */
    private long preVoteTerm = -1;

    private int preVotes;
    private final long[] nextIndex;
    private final long[] matchIndex;
    /** Check quorum (unistore sets CheckQuorum: true, peer.go:320 at 3522d5f): followers heard from since the last check, and ticks since it. */
    private final boolean[] recentActive;

    private int ticksSinceQuorumCheck;
    private final long[] reportedVer;
    private final SplitStage[] reportedStage;

    RaftReplica(Store store, NodeContext ctx, StoreConfig cfg, long regionId, int stores) {
        this.store = store;
        this.ctx = ctx;
        this.cfg = cfg;
        this.regionId = regionId;
        this.keyHard = hardKey(regionId);
        this.keyLog = "r" + regionId + "/log/";
        this.nextIndex = new long[stores];
        this.matchIndex = new long[stores];
        this.recentActive = new boolean[stores];
        this.reportedVer = new long[stores];
        this.reportedStage = new SplitStage[stores];
    }

    /** The disk key of a region's {@link HardState}: what a restart loads (read by U9). */
    public static String hardKey(long regionId) {
        return "r" + regionId + "/hard";
    }

    /** Loads (or, on first boot, writes) the hard state and the log. */
    void load(RegionSpec spec) {
        Disk disk = ctx.disk();
        HardState hard = disk.get(keyHard, HardState.class).orElse(null);
        if (hard == null) {
            term = spec.term();
            votedFor = spec.leader();
            persistHard();
        } else {
            term = hard.term();
            votedFor = hard.votedFor();
            for (String key : disk.keys(keyLog)) {
                log.add(disk.get(key, LogEntry.class).orElseThrow());
            }
        }
    }

    /** Starts with everything up to {@code applied} known committed; the spec's leader leads at first boot. */
    void start(RegionSpec spec, boolean recover, long applied, Listener l) {
        this.listener = l;
        commitIndex = applied;
        if (!recover && spec.leader().equals(ctx.name())) {
            becomeLeader();
        } else {
            leaderId = recover ? null : spec.leader();
            if (leaderId != null) {
                leaderLease = Lease.grant(leaderId, ctx.now(), cfg.electionMinMicros());
            }
            resetElectionTimer();
        }
    }

    // ---- what the split driver sees (Replica) ----------------------------------------------------

    @Override
    public boolean isLeader() {
        return role == Role.LEADER;
    }

    @Override
    public long term() {
        return term;
    }

    /** The candidate this peer voted for in its current term, or null (read by U9). */
    public String vote() {
        return votedFor;
    }

    @Override
    public long commitIndex() {
        return commitIndex;
    }

    @Override
    public LogEntry entry(long index) {
        return log.get((int) (index - 1));
    }

    @Override
    public boolean followersReported(long ver, SplitStage stage) {
        for (int j = 0; j < reportedVer.length; j++) {
            if (j == store.self()) {
                continue;
            }
            if (!(reportedVer[j] > ver || (reportedVer[j] == ver && reportedStage[j] == stage))) {
                return false;
            }
        }
        return true;
    }

    // ---- raft: log ----------------------------------------------------------------------------

    /** The index of the last entry in this peer's log, committed or not (also read by U6). */
    @Override
    public long lastIndex() {
        return log.size();
    }

    private long termAt(long index) {
        return index == 0 ? 0 : log.get((int) (index - 1)).term();
    }

    private String logKey(long index) {
        String s = Long.toString(index);
        // One builder instead of two concatenations: every append and truncation builds a key.
        return new StringBuilder(keyLog.length() + 10)
                .append(keyLog)
                .append("0000000000", 0, 10 - s.length())
                .append(s)
                .toString();
    }

    private void appendLocal(LogEntry e) {
        log.add(e);
        ctx.disk().putDurable(logKey(log.size()), e);
    }

    private void truncateFrom(long index) {
        if (index <= commitIndex) {
            throw new IllegalStateException(
                    regionId + " would truncate committed entry " + index + " (commit " + commitIndex + ")");
        }
        for (long i = lastIndex(); i >= index; i--) {
            ctx.disk().delete(logKey(i));
            log.remove((int) (i - 1));
        }
        ctx.disk().flush();
    }

    private void persistHard() {
        ctx.disk().putDurable(keyHard, new HardState(term, votedFor));
    }

    /** Appends a command as leader; it replicates with the next heartbeat. */
    @Override
    public boolean propose(Command c) {
        if (role != Role.LEADER) {
            return false;
        }
        appendLocal(new LogEntry(term, c));
        matchIndex[store.self()] = lastIndex();
        return true;
    }

    // ---- raft: roles ----------------------------------------------------------------------------

    /**
     * Pushes the election deadline back. One timer per peer is armed at a time and re-armed for the
     * remainder when it fires early, so appends do not leave a cancelled timer behind each.
     */
    private void resetElectionTimer() {
        electionDeadline = ctx.now() + ctx.random().between(cfg.electionMinMicros(), cfg.electionMaxMicros());
        if (electionTimer == null || !electionTimer.isPending()) {
            electionTimer = ctx.setTimer("election " + regionId, electionDeadline - ctx.now(), this::onElectionTimer);
        }
    }

    private void onElectionTimer() {
        if (role == Role.LEADER) {
            return;
        }
        long left = electionDeadline - ctx.now();
        if (left > 0) {
            electionTimer = ctx.setTimer("election " + regionId, left, this::onElectionTimer);
        } else {
            startPreVote();
        }
    }

    /**
     * Pre-vote (as TiKV and etcd raft do): ask whether a majority would vote for term + 1 before
     * raising the term, so a peer that only lost some heartbeats cannot depose a working leader.
     */
    private void startPreVote() {
        preVoteTerm = term + 1;
        preVotes = 1;
        for (String other : store.others()) {
            ctx.send(
                    other,
                    new RaftMessage.RequestVote(
                            regionId, preVoteTerm, ctx.name(), lastIndex(), termAt(lastIndex()), false, true));
        }
        resetElectionTimer();
    }

    private void startElection(boolean leaderTransfer) {
        boolean wasLeader = role == Role.LEADER;
        preVoteTerm = -1;
        term++;
        votedFor = ctx.name();
        persistHard();
        role = Role.CANDIDATE;
        leaderId = null;
        votes = 1;
        if (wasLeader) {
            onLostLeadership();
        }
        ctx.trace(regionId + " became candidate at term " + term);
        if (leaderTransfer) {
            // Probed where the transfer takes effect, the transferee's election at a new term, not where
            // the leader decides to send TimeoutNow nor where the follower receives it.
            ctx.probe(SplitProbes.LEADER_TRANSFER);
        }
        for (String other : store.others()) {
            ctx.send(
                    other,
                    new RaftMessage.RequestVote(
                            regionId, term, ctx.name(), lastIndex(), termAt(lastIndex()), leaderTransfer, false));
        }
        resetElectionTimer();
    }

    /**
     * Steps down (or stays) as follower. The election deadline moves only when {@code resetTimer}
     * says so: a refused vote request must not push it back, or a candidate with a stale log that
     * keeps raising the term would stop every up-to-date peer from ever standing.
     */
    private void becomeFollower(long newTerm, String leader, boolean resetTimer) {
        boolean wasLeader = role == Role.LEADER;
        boolean changed = role != Role.FOLLOWER || newTerm != term;
        if (newTerm > term) {
            term = newTerm;
            votedFor = null;
            persistHard();
        }
        role = Role.FOLLOWER;
        leaderId = leader;
        if (changed) {
            ctx.trace(regionId + " became follower at term " + term);
        }
        if (wasLeader) {
            onLostLeadership();
        }
        if (resetTimer || electionTimer == null || !electionTimer.isPending()) {
            resetElectionTimer();
        }
    }

    private void becomeLeader() {
        role = Role.LEADER;
        leaderId = ctx.name();
        if (electionTimer != null) {
            electionTimer.cancel();
            electionTimer = null;
        }
        ticksSinceQuorumCheck = 0;
        for (int i = 0; i < nextIndex.length; i++) {
            recentActive[i] = false;
            nextIndex[i] = lastIndex() + 1;
            matchIndex[i] = 0;
            reportedVer[i] = -1;
            reportedStage[i] = null;
        }
        ctx.trace(regionId + " became leader at term " + term);
        propose(new Command.NoOp());
        listener.becameLeader();
        broadcastAppend();
    }

    private void onLostLeadership() {
        listener.lostLeadership();
    }

    /** Leader transfer: ask {@code to} to start an election now. */
    void transferLeader(String to) {
        if (role == Role.LEADER && !to.equals(ctx.name())) {
            ctx.trace(regionId + " transfer leader to " + to + " at term " + term);
            ctx.send(to, new RaftMessage.TimeoutNow(regionId, term));
        }
    }

    // ---- raft: messages -------------------------------------------------------------------------

    /**
     * The store's raft tick (one heartbeat): a leader checks its quorum once per election timeout and
     * steps down when it has not heard from a majority since the last check (raft/raft.go:734-742 and
     * 1040-1044 tickHeartbeat, MsgCheckQuorum, checkQuorumActive 1576-1594 at 3522d5f), then sends its appends.
     */
    void tick() {
        if (role != Role.LEADER) {
            return;
        }
        if (++ticksSinceQuorumCheck * cfg.heartbeatMicros() >= cfg.electionMinMicros()) {
            ticksSinceQuorumCheck = 0;
            int active = 0;
            for (int j = 0; j < recentActive.length; j++) {
                if (j == store.self() || recentActive[j]) {
                    active++;
                }
                recentActive[j] = false;
            }
            if (active < QUORUM) {
                ctx.trace(regionId + " stepped down to follower since quorum is not active");
                becomeFollower(term, null, true);
                return;
            }
        }
        broadcastAppend();
    }

    void broadcastAppend() {
        if (role != Role.LEADER) {
            return;
        }
        List<String> stores = store.stores();
        for (int j = 0; j < stores.size(); j++) {
            if (j == store.self()) {
                continue;
            }
            long prev = nextIndex[j] - 1;
            long to = Math.min(lastIndex(), prev + cfg.maxAppendEntries());
            List<LogEntry> entries = prev >= to ? List.of() : log.subList((int) prev, (int) to);
            ctx.send(
                    stores.get(j),
                    new RaftMessage.Append(regionId, term, ctx.name(), prev, termAt(prev), entries, commitIndex));
        }
    }

    void onAppend(RaftMessage.Append m) {
        if (m.term() < term) {
            ctx.send(m.leader(), response(false, lastIndex()));
            return;
        }
        if (m.term() > term || role != Role.FOLLOWER) {
            becomeFollower(m.term(), m.leader(), true);
        } else {
            leaderId = m.leader();
            resetElectionTimer();
        }
        leaderLease = Lease.grant(m.leader(), ctx.now(), cfg.electionMinMicros());
        if (m.prevIndex() > lastIndex()) {
            ctx.send(m.leader(), response(false, lastIndex()));
            return;
        }
        if (termAt(m.prevIndex()) != m.prevTerm()) {
            // A conflicting tail: committed entries always match the leader's, so point it at the
            // commit index rather than back off one entry per heartbeat.
            ctx.send(m.leader(), response(false, Math.min(m.prevIndex() - 1, commitIndex)));
            return;
        }
        long index = m.prevIndex();
        for (LogEntry e : m.entries()) {
            index++;
            if (index <= lastIndex()) {
                if (termAt(index) == e.term()) {
                    continue;
                }
                truncateFrom(index);
            }
            appendLocal(e);
        }
        long match = m.prevIndex() + m.entries().size();
        long commit = Math.min(m.leaderCommit(), match);
        if (commit > commitIndex) {
            commitIndex = commit;
            listener.committed();
        }
        ctx.send(m.leader(), response(true, match));
    }

    private RaftMessage.AppendResponse response(boolean success, long match) {
        return new RaftMessage.AppendResponse(
                regionId, term, ctx.name(), success, match, listener.engineVer(), listener.engineStage());
    }

    void onAppendResponse(RaftMessage.AppendResponse m) {
        if (m.term() > term) {
            becomeFollower(m.term(), null, false);
            return;
        }
        if (role != Role.LEADER || m.term() != term) {
            return;
        }
        int j = store.indexOf(m.from());
        recentActive[j] = true;
        reportedVer[j] = m.engineVer();
        reportedStage[j] = m.engineStage();
        if (m.success()) {
            matchIndex[j] = Math.max(matchIndex[j], m.matchIndex());
            nextIndex[j] = matchIndex[j] + 1;
            advanceCommit();
        } else {
            nextIndex[j] = Math.max(1, Math.min(nextIndex[j] - 1, m.matchIndex() + 1));
        }
        listener.followerReported();
    }

    private void advanceCommit() {
        for (long n = lastIndex(); n > commitIndex && termAt(n) == term; n--) {
            int count = 0;
            for (int j = 0; j < matchIndex.length; j++) {
                if (j == store.self() || matchIndex[j] >= n) {
                    count++;
                }
            }
            if (count >= QUORUM) {
                commitIndex = n;
                listener.committed();
                return;
            }
        }
    }

    /**
     * Vote and pre-vote requests as etcd raft (vendored at raft/raft.go:893-1021, 3522d5f) handles them:
     * within the lease of a live leader (check quorum) a higher-term request that no leader transfer
     * forces is ignored; a pre-vote never changes the term; a grant carries the request's term, a refusal
     * the refuser's own, so a candidate behind in term learns it.
     */
    void onRequestVote(RaftMessage.RequestVote m) {
        boolean leaderAlive = role == Role.LEADER
                || (role == Role.FOLLOWER && leaderId != null && leaderLease != null && leaderLease.liveAt(ctx.now()));
        if (m.term() > term && leaderAlive && !m.leaderTransfer()) {
            return;
        }
        long myLastTerm = termAt(lastIndex());
        boolean upToDate = m.lastTerm() > myLastTerm || (m.lastTerm() == myLastTerm && m.lastIndex() >= lastIndex());
        if (m.preVote()) {
            boolean canVote = m.term() > term
                    || (m.term() == term && (m.candidate().equals(votedFor) || (votedFor == null && leaderId == null)));
            boolean granted = canVote && upToDate;
            ctx.send(
                    m.candidate(),
                    new RaftMessage.Vote(regionId, granted ? m.term() : term, ctx.name(), granted, true));
            return;
        }
        if (m.term() > term) {
            becomeFollower(m.term(), null, false);
        }
        boolean granted = m.term() == term
                && role == Role.FOLLOWER
                && (votedFor == null || votedFor.equals(m.candidate()))
                && upToDate;
        if (granted) {
            votedFor = m.candidate();
            persistHard();
            resetElectionTimer();
        }
        ctx.send(m.candidate(), new RaftMessage.Vote(regionId, term, ctx.name(), granted, false));
    }

    void onVote(RaftMessage.Vote m) {
        if (m.preVote()) {
            if (!m.granted() && m.term() > term) {
                // the refuser's term is ahead of ours (raft.go:901-915): follow it
                becomeFollower(m.term(), null, false);
                return;
            }
            if (m.granted() && role != Role.LEADER && m.term() == preVoteTerm && preVoteTerm == term + 1) {
                preVotes++;
                if (preVotes >= QUORUM) {
                    startElection(false);
                }
            }
            return;
        }
        if (m.term() > term) {
            becomeFollower(m.term(), null, false);
            return;
        }
        if (role == Role.CANDIDATE && m.term() == term && m.granted()) {
            votes++;
            if (votes >= QUORUM) {
                becomeLeader();
            }
        }
    }

    void onTimeoutNow(RaftMessage.TimeoutNow m) {
        if (m.term() == term && role == Role.FOLLOWER) {
            startElection(true);
        }
    }
}
