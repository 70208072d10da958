package shardsim.scenarios.splitstall;

import static shardsim.scenarios.splitstall.SplitStage.INITIAL;
import static shardsim.scenarios.splitstall.SplitStage.PRE_SPLIT;
import static shardsim.scenarios.splitstall.SplitStage.PRE_SPLIT_FLUSH_DONE;
import static shardsim.scenarios.splitstall.SplitStage.SPLIT_FILE_DONE;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.node.Disk;
import shardsim.core.node.NodeContext;
import shardsim.core.node.Timer;
import shardsim.core.worker.Task;

/**
 * The peer of one region on one store: its raft state, its persisted shard meta, its engine shard,
 * and the split work a leader drives. Handlers run inside the store's message and timer handlers.
 */
final class RegionPeer {
    enum Role { FOLLOWER, CANDIDATE, LEADER }

    private static final int QUORUM = 2;

    private final Store store;
    private final NodeContext ctx;
    private final StoreConfig cfg;
    private final SplitMode mode;
    final long regionId;
    private final String keyHard;
    private final String keyMeta;
    private final String keyLog;

    // raft
    private long term;
    private String votedFor;
    private final ArrayList<LogEntry> log = new ArrayList<>();
    private long commitIndex;
    private long applied;
    private Role role = Role.FOLLOWER;
    private String leaderId;
    private Timer electionTimer;
    private long electionDeadline;
    /** When this peer last heard from a leader of its term (its own clock). */
    private long leaderContactMicros = Long.MIN_VALUE / 2;
    private int votes;
    /** The term this peer is pre-voting for (term + 1), or -1; and the pre-votes it has. */
    private long preVoteTerm = -1;
    private int preVotes;
    private final long[] nextIndex;
    private final long[] matchIndex;
    private final long[] reportedVer;
    private final SplitStage[] reportedStage;

    // shard state: persisted meta (with the volatile size since it) and the engine
    private ShardMeta meta;
    private long sizeBytes;
    private EngineShard engine;

    // what this leader has started; volatile, keyed by (term, epoch) so a new term starts afresh
    private long preSplitTerm = -1;
    private long preSplitVer = -1;
    private long recoveryTerm = -1;
    private long recoveryVer = -1;
    private boolean recoveryPending;
    private long waitFollowersVer = -1;
    private long finishTerm = -1;
    private long finishVer = -1;

    RegionPeer(Store store, NodeContext ctx, StoreConfig cfg, SplitMode mode, long regionId, int stores) {
        this.store = store;
        this.ctx = ctx;
        this.cfg = cfg;
        this.mode = mode;
        this.regionId = regionId;
        this.keyHard = "r" + regionId + "/hard";
        this.keyMeta = "r" + regionId + "/meta";
        this.keyLog = "r" + regionId + "/log/";
        this.nextIndex = new long[stores];
        this.matchIndex = new long[stores];
        this.reportedVer = new long[stores];
        this.reportedStage = new SplitStage[stores];
    }

    // ---- boot ---------------------------------------------------------------------------------

    void boot(RegionSpec spec, boolean recover) {
        Disk disk = ctx.disk();
        HardState hard = disk.get(keyHard, HardState.class).orElse(null);
        if (hard == null) {
            term = spec.term();
            votedFor = spec.leader();
            persistHard();
            meta = new ShardMeta(spec.shardVer(), INITIAL, 0, spec.sizeBytes());
            disk.putDurable(keyMeta, meta);
        } else {
            term = hard.term();
            votedFor = hard.votedFor();
            meta = disk.get(keyMeta, ShardMeta.class).orElseThrow();
            for (String key : disk.keys(keyLog)) {
                log.add(disk.get(key, LogEntry.class).orElseThrow());
            }
        }
        sizeBytes = meta.sizeBytes();
        // The engine reloads from the persisted meta, as newShardForLoading does: passive, stage from meta.
        engine = new EngineShard(meta);
        applied = meta.seq();
        commitIndex = applied;
        if (!recover && spec.leader().equals(ctx.name())) {
            becomeLeader();
        } else {
            leaderId = recover ? null : spec.leader();
            if (leaderId != null) {
                leaderContactMicros = ctx.now();
            }
            resetElectionTimer();
        }
    }

    // ---- views for the store, the driver and the checks -----------------------------------------

    boolean isLeader() {
        return role == Role.LEADER;
    }

    long term() {
        return term;
    }

    ShardMeta meta() {
        return meta;
    }

    long engineVer() {
        return engine.shardVer;
    }

    SplitStage engineStage() {
        return engine.splitStage;
    }

    long engineSequence() {
        return engine.sequence;
    }

    long sizeBytes() {
        return sizeBytes;
    }

    private String shard() {
        return regionId + ":" + engine.shardVer;
    }

    // ---- raft: log ----------------------------------------------------------------------------

    private long lastIndex() {
        return log.size();
    }

    private long termAt(long index) {
        return index == 0 ? 0 : log.get((int) (index - 1)).term();
    }

    private String logKey(long index) {
        String s = Long.toString(index);
        return keyLog + "0000000000".substring(s.length()) + s;
    }

    private void appendLocal(LogEntry e) {
        log.add(e);
        ctx.disk().putDurable(logKey(log.size()), e);
    }

    private void truncateFrom(long index) {
        if (index <= commitIndex) {
            throw new IllegalStateException(regionId + " would truncate committed entry " + index + " (commit " + commitIndex + ")");
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
    boolean propose(Command c) {
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
            ctx.send(other, new RaftMessage.RequestVote(regionId, preVoteTerm, ctx.name(), lastIndex(), termAt(lastIndex()), false, true));
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
        for (String other : store.others()) {
            ctx.send(other, new RaftMessage.RequestVote(regionId, term, ctx.name(), lastIndex(), termAt(lastIndex()), leaderTransfer, false));
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
        for (int i = 0; i < nextIndex.length; i++) {
            nextIndex[i] = lastIndex() + 1;
            matchIndex[i] = 0;
            reportedVer[i] = -1;
            reportedStage[i] = null;
        }
        ctx.trace(regionId + " became leader at term " + term);
        propose(new Command.NoOp());
        engine.passive = false;
        ctx.trace("shard " + shard() + " set passive false");
        if (meta.splitStage() != INITIAL) {
            handleSplitInProgress("role changed");
        }
        maybeFlush();
        broadcastAppend();
    }

    private void onLostLeadership() {
        engine.passive = true;
        recoveryPending = false;
        waitFollowersVer = -1;
        ctx.trace("shard " + shard() + " set passive true");
    }

    /** Leader transfer: ask {@code to} to start an election now. */
    void transferLeader(String to) {
        if (role == Role.LEADER && !to.equals(ctx.name())) {
            ctx.trace(regionId + " transfer leader to " + to + " at term " + term);
            ctx.send(to, new RaftMessage.TimeoutNow(regionId, term));
        }
    }

    // ---- raft: messages -------------------------------------------------------------------------

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
            ctx.send(stores.get(j), new RaftMessage.Append(regionId, term, ctx.name(), prev, termAt(prev), entries, commitIndex));
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
        leaderContactMicros = ctx.now();
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
            applyCommitted();
        }
        ctx.send(m.leader(), response(true, match));
    }

    private RaftMessage.AppendResponse response(boolean success, long match) {
        return new RaftMessage.AppendResponse(regionId, term, ctx.name(), success, match, engine.shardVer, engine.splitStage);
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
        reportedVer[j] = m.engineVer();
        reportedStage[j] = m.engineStage();
        if (m.success()) {
            matchIndex[j] = Math.max(matchIndex[j], m.matchIndex());
            nextIndex[j] = matchIndex[j] + 1;
            advanceCommit();
        } else {
            nextIndex[j] = Math.max(1, Math.min(nextIndex[j] - 1, m.matchIndex() + 1));
        }
        checkFinishSplit();
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
                applyCommitted();
                return;
            }
        }
    }

    void onRequestVote(RaftMessage.RequestVote m) {
        // Leader stickiness (Raft thesis 4.2.3; pre-vote and check-quorum in etcd and TiKV): while a
        // leader is alive, a peer whose log fell behind on a lossy link cannot depose it. Only the
        // target of a leader transfer may.
        boolean leaderAlive = role == Role.LEADER || (role == Role.FOLLOWER && leaderId != null && ctx.now() - leaderContactMicros < cfg.electionMinMicros());
        if (m.preVote()) {
            long myLastTerm = termAt(lastIndex());
            boolean upToDate = m.lastTerm() > myLastTerm || (m.lastTerm() == myLastTerm && m.lastIndex() >= lastIndex());
            boolean granted = m.term() > term && !leaderAlive && upToDate;
            ctx.send(m.candidate(), new RaftMessage.Vote(regionId, m.term(), ctx.name(), granted, true));
            return;
        }
        if (m.term() > term && leaderAlive && !m.leaderTransfer()) {
            return;
        }
        if (m.term() > term) {
            becomeFollower(m.term(), null, false);
        }
        long myLastTerm = termAt(lastIndex());
        boolean upToDate = m.lastTerm() > myLastTerm || (m.lastTerm() == myLastTerm && m.lastIndex() >= lastIndex());
        boolean granted = m.term() == term && role == Role.FOLLOWER && (votedFor == null || votedFor.equals(m.candidate())) && upToDate;
        if (granted) {
            votedFor = m.candidate();
            persistHard();
            resetElectionTimer();
        }
        ctx.send(m.candidate(), new RaftMessage.Vote(regionId, term, ctx.name(), granted, false));
    }

    void onVote(RaftMessage.Vote m) {
        if (m.preVote()) {
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

    // ---- the applier ----------------------------------------------------------------------------

    private void applyCommitted() {
        while (applied < commitIndex) {
            applied++;
            LogEntry e = log.get((int) (applied - 1));
            Command c = e.command();
            if (c instanceof Command.NoOp) {
                continue;
            } else if (c instanceof Command.Write w) {
                sizeBytes += w.bytes();
                engine.memTableBytes += w.bytes();
                maybeFlush();
            } else if (c instanceof Command.Change ch) {
                handleChangeSet(applied, e.term(), ch.changeSet());
            } else if (c instanceof Command.FinishSplit f) {
                applyFinishSplit(applied, f);
            } else {
                throw new IllegalStateException("unknown command " + c);
            }
        }
    }

    /** Moves the persisted meta, then queues the engine's part on the region worker. */
    private void handleChangeSet(long seq, long entryTerm, ChangeSet cs) {
        if (cs.shardVer() != meta.shardVer()) {
            ctx.trace(regionId + ":" + meta.shardVer() + " ignore change set of epoch " + cs.shardVer());
            return;
        }
        SplitStage cur = meta.splitStage();
        SplitStage next = cur;
        if (cs.kind() == ChangeSet.Kind.PRE_SPLIT) {
            if (cur != INITIAL) {
                ctx.trace(regionId + ":" + meta.shardVer() + " ignore pre-split: wrong split stage " + cur);
                return;
            }
            next = PRE_SPLIT;
        } else if (cs.kind() == ChangeSet.Kind.FLUSH) {
            if (cs.stage() == PRE_SPLIT_FLUSH_DONE && cur == PRE_SPLIT) {
                next = PRE_SPLIT_FLUSH_DONE;
            }
        } else if (cs.kind() == ChangeSet.Kind.SPLIT_FILES) {
            if (cur != PRE_SPLIT_FLUSH_DONE) {
                ctx.trace(regionId + ":" + meta.shardVer() + " ignore split files: wrong split stage " + cur);
                return;
            }
            next = SPLIT_FILE_DONE;
        } else {
            throw new IllegalStateException("unknown change set kind " + cs.kind());
        }
        long ver = meta.shardVer();
        meta = new ShardMeta(ver, next, seq, sizeBytes);
        ctx.disk().putDurable(keyMeta, meta);
        ctx.trace(regionId + ":" + ver + " handle change set set engine meta, apply change shardID:" + regionId + " shardVer:" + ver + " "
                + kindName(cs) + "stage:" + next + " sequence:" + seq);
        if (cs.kind() == ChangeSet.Kind.PRE_SPLIT) {
            store.tracker().preSplitApplied(regionId, ver);
        }
        SplitStage sets = next;
        String name = "apply change set " + kindName(cs) + "shard " + regionId + ":" + ver + " stage " + next + " seq " + seq;
        store.regionWorker().submit(Task.of(name, cfg.applyMicros(), () -> applyToEngine(seq, entryTerm, cs, sets))
                .withTag(new WorkerTags.SetsStage(regionId, ver, sets, seq, false)));
    }

    private static String kindName(ChangeSet cs) {
        return cs.kind() == ChangeSet.Kind.FLUSH ? "flush " : cs.kind() == ChangeSet.Kind.PRE_SPLIT ? "pre-split " : "split-files ";
    }

    /** The region worker's part of a change set (worker.go "apply change set"). */
    private void applyToEngine(long seq, long entryTerm, ChangeSet cs, SplitStage next) {
        if (engine.shardVer != cs.shardVer()) {
            throw new IllegalStateException("engine of " + regionId + " at epoch " + engine.shardVer + " given a change set of epoch " + cs.shardVer());
        }
        SplitStage before = engine.splitStage;
        engine.splitStage = next;
        engine.sequence = seq;
        if (next != before) {
            ctx.trace("shard " + shard() + " set split stage " + next);
        }
        if (cs.kind() == ChangeSet.Kind.FLUSH) {
            engine.memTableBytes = Math.max(0, engine.memTableBytes - cs.flushedBytes());
            if (next == PRE_SPLIT_FLUSH_DONE) {
                engine.preSplitMemTable = false;
            }
        } else if (cs.kind() == ChangeSet.Kind.PRE_SPLIT) {
            // The mem-table is switched at PRE_SPLIT; only an active (leader) engine flushes it.
            engine.preSplitMemTable = true;
            if (role == Role.LEADER) {
                if (entryTerm == term) {
                    queueSplitFiles();
                } else {
                    handleSplitInProgress("pre-split of an earlier term applied");
                }
            }
            maybeFlush();
        }
        maybeQueueRecovery();
        checkFinishSplit();
    }

    private void applyFinishSplit(long seq, Command.FinishSplit f) {
        long ver = meta.shardVer();
        if (f.shardVer() != ver || meta.splitStage() != SPLIT_FILE_DONE) {
            ctx.trace(regionId + ":" + ver + " ignore finish split of epoch " + f.shardVer() + " at stage " + meta.splitStage());
            return;
        }
        sizeBytes = sizeBytes / 2;
        meta = new ShardMeta(ver + 1, INITIAL, seq, sizeBytes);
        ctx.disk().putDurable(keyMeta, meta);
        ctx.trace(regionId + ":" + ver + " finish split, region epoch now " + (ver + 1));
        store.tracker().splitFinished(regionId, ver);
        store.regionWorker().submit(Task.of("finish split " + regionId + ":" + ver, cfg.applyMicros(), () -> {
            engine.shardVer = ver + 1;
            engine.splitStage = INITIAL;
            engine.sequence = seq;
            engine.preSplitMemTable = false;
            ctx.trace("shard " + shard() + " finished split, stage INITIAL");
        }).withTag(new WorkerTags.SetsStage(regionId, ver, SPLIT_FILE_DONE, seq, true)));
    }

    // ---- flush (only an active engine flushes) ---------------------------------------------------

    private void maybeFlush() {
        if (role != Role.LEADER || engine.passive || engine.flushing) {
            return;
        }
        if (engine.preSplitMemTable || engine.memTableBytes >= cfg.flushThresholdBytes()) {
            if (engine.preSplitMemTable) {
                ctx.trace(shard() + " trigger flush mem table for pre-split");
            }
            startFlush();
        }
    }

    private void startFlush() {
        engine.flushing = true;
        boolean preSplit = engine.preSplitMemTable;
        long bytes = engine.memTableBytes;
        long ver = engine.shardVer;
        engine.memTableBytes = 0;
        long micros = ctx.random().between(cfg.flushMinMicros(), cfg.flushMaxMicros()) + store.takeSlowFlushMicros();
        ctx.setTimer("flush memtable " + shard() + " size:" + bytes, micros, () -> flushDone(preSplit, bytes, ver));
    }

    private void flushDone(boolean preSplit, long bytes, long ver) {
        engine.flushing = false;
        if (role != Role.LEADER || ver != meta.shardVer()) {
            ctx.trace(regionId + ":" + ver + " flush result dropped: not leader of this epoch");
        } else {
            if (preSplit) {
                engine.preSplitMemTable = false;
            }
            SplitStage stage = preSplit ? PRE_SPLIT_FLUSH_DONE : INITIAL;
            propose(new Command.Change(new ChangeSet(regionId, ver, ChangeSet.Kind.FLUSH, stage, bytes)));
        }
        maybeFlush();
    }

    // ---- split: the leader that started it ------------------------------------------------------

    /** The split checker found the region big enough (worker.go "split region by checker"). */
    void splitCheck(boolean force) {
        long ver = meta.shardVer();
        if (role != Role.LEADER || (!force && sizeBytes < cfg.splitSizeBytes()) || (preSplitTerm == term && preSplitVer == ver)) {
            return;
        }
        if (!force && (meta.splitStage() != INITIAL || engine.splitStage != INITIAL)) {
            return;
        }
        preSplitTerm = term;
        preSplitVer = ver;
        long size = sizeBytes;
        store.splitChecker().submit(Task.of("split region " + regionId + ":" + ver + " by checker size:" + size, 1_000, () -> {
            if (role != Role.LEADER) {
                ctx.trace("region " + regionId + ":" + ver + " failed to pre-split region err: not leader");
            } else if (meta.splitStage() != INITIAL || meta.shardVer() != ver) {
                ctx.trace("shard " + regionId + ":" + ver + " failed to pre-split region err: wrong split stage " + meta.splitStage());
            } else {
                ctx.trace("split region " + regionId + ":" + ver + " by checker size:" + size + ": propose pre-split");
                propose(new Command.Change(new ChangeSet(regionId, ver, ChangeSet.Kind.PRE_SPLIT, PRE_SPLIT, 0)));
            }
        }));
    }

    /** splitShardFiles on the split checker: waits (polling) for the pre-split flush, then proposes. */
    private void queueSplitFiles() {
        long ver = engine.shardVer;
        store.splitChecker().submit(Task.waitingFor("split files " + regionId + ":" + ver, "engine stage of shard " + regionId + ":" + ver + " >= PRE_SPLIT_FLUSH_DONE",
                () -> engine.shardVer != ver || engine.splitStage.atLeast(PRE_SPLIT_FLUSH_DONE), cfg.pollMicros(), cfg.splitFilesMicros(),
                () -> splitShardFiles(ver)).withTag(new WorkerTags.WaitsForStage(regionId, ver, PRE_SPLIT_FLUSH_DONE)));
    }

    private void splitShardFiles(long ver) {
        if (engine.shardVer != ver) {
            return;
        }
        if (role != Role.LEADER) {
            ctx.trace("shard " + shard() + " failed to split files err: region " + regionId + " is not leader");
            return;
        }
        if (engine.splitStage == PRE_SPLIT_FLUSH_DONE) {
            ctx.trace("shard " + shard() + " split files: propose split-files change set");
            propose(new Command.Change(new ChangeSet(regionId, ver, ChangeSet.Kind.SPLIT_FILES, SPLIT_FILE_DONE, 0)));
        }
        // MsgWaitFollowerSplitFiles: finish once every follower reports its split files done.
        waitFollowersVer = ver;
        checkFinishSplit();
    }

    // ---- split: a new leader that finds one in progress (the bug and its fix) ----------------------

    private void handleSplitInProgress(String why) {
        long ver = meta.shardVer();
        if (recoveryTerm == term && recoveryVer == ver) {
            return;
        }
        recoveryTerm = term;
        recoveryVer = ver;
        ctx.trace("shard " + regionId + ":" + ver + " recover split (" + why + ", meta stage " + meta.splitStage() + ", engine stage " + engine.splitStage + ")");
        if (mode.reflush() && meta.splitStage() == PRE_SPLIT && engine.splitStage == PRE_SPLIT && engine.shardVer == ver && !engine.preSplitMemTable) {
            ctx.trace("shard " + regionId + ":" + ver + " re-flush for pre-split");
            engine.preSplitMemTable = true;
        }
        if (mode.delayedRecovery()) {
            recoveryPending = true;
            maybeQueueRecovery();
        } else {
            queueRecoverSplit();
        }
    }

    private void maybeQueueRecovery() {
        if (!recoveryPending || role != Role.LEADER) {
            return;
        }
        if (engine.shardVer > recoveryVer) {
            // The split finished under an earlier leader's finish-split; nothing left to recover.
            recoveryPending = false;
            return;
        }
        // An engine still at an older epoch (its finish-split apply queued) has not caught up yet: keep waiting.
        if (engine.shardVer == recoveryVer && engine.splitStage.atLeast(PRE_SPLIT_FLUSH_DONE) && engine.sequence >= meta.seq()) {
            recoveryPending = false;
            ctx.trace("shard " + shard() + " engine at " + engine.splitStage + " seq " + engine.sequence + ": schedule recover split");
            queueRecoverSplit();
        }
    }

    /** taskTypeRecoverSplit on the region worker: handleRecoverSplit, which may wait inside splitShardFiles. */
    private void queueRecoverSplit() {
        long ver = meta.shardVer();
        store.waitingTaskQueued();
        store.regionWorker().submit(Task.waitingFor("recover split " + regionId + ":" + ver, "engine stage of shard " + regionId + ":" + ver + " >= PRE_SPLIT_FLUSH_DONE",
                () -> engine.shardVer != ver || engine.splitStage.atLeast(PRE_SPLIT_FLUSH_DONE), cfg.pollMicros(), cfg.splitFilesMicros(), () -> {
                    store.waitingTaskDone();
                    splitShardFiles(ver);
                }).withTag(new WorkerTags.WaitsForStage(regionId, ver, PRE_SPLIT_FLUSH_DONE)));
    }

    private void checkFinishSplit() {
        long ver = meta.shardVer();
        if (role != Role.LEADER || waitFollowersVer != ver || engine.shardVer != ver || engine.splitStage != SPLIT_FILE_DONE
                || (finishTerm == term && finishVer == ver)) {
            return;
        }
        for (int j = 0; j < reportedVer.length; j++) {
            if (j == store.self()) {
                continue;
            }
            boolean done = reportedVer[j] > ver || (reportedVer[j] == ver && reportedStage[j] == SPLIT_FILE_DONE);
            if (!done) {
                return;
            }
        }
        finishTerm = term;
        finishVer = ver;
        ctx.trace(regionId + ":" + ver + " followers split files done: propose finish split");
        propose(new Command.FinishSplit(ver));
    }
}
