package shardsim.scenarios.splitstall.model;

import static shardsim.scenarios.splitstall.model.SplitStage.INITIAL;
import static shardsim.scenarios.splitstall.model.SplitStage.PRE_SPLIT;
import static shardsim.scenarios.splitstall.model.SplitStage.PRE_SPLIT_FLUSH_DONE;
import static shardsim.scenarios.splitstall.model.SplitStage.SPLIT_FILE_DONE;

import java.util.ArrayDeque;
import shardsim.core.node.NodeContext;
import shardsim.core.node.Timer;
import shardsim.core.worker.Task;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.SplitWindows;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * The split side of one region on one store: the persisted shard meta, the engine shard and its
 * mem-tables, the applier's part of each committed entry, flushes, the split a leader's split
 * checker drives, and the recovery of a split a new leader finds in progress (the bug and its fix).
 * It reaches the Raft replica only through {@link Replica}. Upstream references are to
 * ngaut/unistore at the report's commit b4ca36b unless another commit is named; where the code the
 * model follows is the same at 3522d5f (#643), the line numbers are 3522d5f's.
 */
public final class SplitDriver implements RaftReplica.Listener {
    private final Store store;
    private final NodeContext ctx;
    private final StoreConfig cfg;
    private final SplitMode mode;
    private final long regionId;
    private final String keyMeta;
    private final Replica raft;

    private ShardMeta meta;
    /** The last entry whose meta part (peer.go handleChangeSet) ran, and the region size as of it. */
    private long metaHandled;

    private long metaSizeBytes;
    /** Indexes of the change sets and splits the meta took and the applier has not reached yet (the rest were rejected). */
    private final ArrayDeque<Long> accepted = new ArrayDeque<>();

    private long sizeBytes;
    private EngineShard engine;
    /** The last entry the applier has handled, and whether an applier task for this region is queued. */
    private long applied;

    private boolean applyQueued;

    // what this leader has started; volatile, keyed by (term, epoch) so a new term starts afresh
    private long preSplitTerm = -1;
    private long preSplitVer = -1;
    private long recoveryTerm = -1;
    private long recoveryVer = -1;
    private Timer recoveryWatcher;
    /** A recovery's split-files proposal whose callback the applier completes (index, term, epoch), or -1. */
    private long callbackIndex = -1;

    private long callbackTerm;
    private long callbackVer;
    private long waitFollowersVer = -1;
    private long finishTerm = -1;
    private long finishVer = -1;

    SplitDriver(Store store, NodeContext ctx, StoreConfig cfg, SplitMode mode, long regionId, Replica raft) {
        this.store = store;
        this.ctx = ctx;
        this.cfg = cfg;
        this.mode = mode;
        this.regionId = regionId;
        this.keyMeta = "r" + regionId + "/meta";
        this.raft = raft;
    }

    /** Loads the persisted meta (writing it at first boot); the engine reloads from it, passive, as newShardForLoading does. */
    void load(RegionSpec spec) {
        meta = ctx.disk().get(keyMeta, ShardMeta.class).orElse(null);
        if (meta == null) {
            meta = new ShardMeta(spec.shardVer(), INITIAL, 0, spec.sizeBytes());
            ctx.disk().putDurable(keyMeta, meta);
        }
        sizeBytes = meta.sizeBytes();
        metaSizeBytes = meta.sizeBytes();
        engine = new EngineShard(meta);
        applied = meta.seq();
        metaHandled = meta.seq();
        if (meta.splitStage() == PRE_SPLIT) {
            // the engine reloads PRE_SPLIT: the window is open again on this incarnation
            openPreSplitWindow();
        }
    }

    private void openPreSplitWindow() {
        ctx.openWindow(SplitWindows.PRE_SPLIT, regionId, java.util.List.of(ctx.name()));
    }

    public long applied() {
        return applied;
    }

    // ---- views for the store and the checks --------------------------------------------------------

    public ShardMeta meta() {
        return meta;
    }

    @Override
    public long engineVer() {
        return engine.shardVer;
    }

    @Override
    public SplitStage engineStage() {
        return engine.splitStage;
    }

    long engineSequence() {
        return engine.sequence;
    }

    /** The last change set the engine has taken: the region worker's sequence, or a PRE_SPLIT the applier ran inline (for U6). */
    public long engineReached() {
        return Math.max(engine.sequence, engine.preSplitSeq);
    }

    public long sizeBytes() {
        return sizeBytes;
    }

    /** Whether a watcher waits to queue split recovery (the fix's delayed recovery, #615). For coverage. */
    public boolean watchingRecovery() {
        return recoveryWatcher != null;
    }

    private String shard() {
        return regionId + ":" + engine.shardVer;
    }

    /** The condition a split-files wait (waitForPreSplitFlushState, engine/split.go:91) waits for, as a kernel condition key. */
    static String flushDoneKey(long regionId, long ver) {
        return "engine stage of shard " + regionId + ":" + ver + " >= PRE_SPLIT_FLUSH_DONE";
    }

    // ---- role changes (peer.go OnRoleChanged, 715-766 at 3522d5f) --------------------------------------

    /**
     * OnRoleChanged runs after the meta part of the entries committed in the same ready
     * (peer.go:838-849 at 3522d5f), which {@link #committed} has done already. TriggerFlush comes before
     * the recovery check, and recovery starts here and nowhere else (peer.go:739-766 at 3522d5f).
     */
    @Override
    public void becameLeader() {
        engine.passive = false;
        ctx.trace("shard " + shard() + " set passive false");
        triggerFlush();
        if (meta.splitStage() != INITIAL) {
            handleSplitInProgress("role changed");
        }
    }

    @Override
    public void lostLeadership() {
        engine.passive = true;
        stopRecoveryWatcher();
        waitFollowersVer = -1;
        ctx.trace("shard " + shard() + " set passive true");
    }

    @Override
    public void followerReported() {
        checkFinishSplit();
    }

    // ---- the meta (peer.go:886-922 handleChangeSet, run in the raft ready loop at commit) ---------------

    /**
     * The commit index moved: the meta part of each newly committed entry runs now, in the ready that
     * committed it (peer.go:838-847), then the applier gets the entries (applier.go).
     */
    @Override
    public void committed() {
        while (metaHandled < raft.commitIndex()) {
            metaHandled++;
            Command c = raft.entry(metaHandled).command();
            if (c instanceof Command.Write w) {
                metaSizeBytes += w.bytes();
            } else if (c instanceof Command.Change ch) {
                handleChangeSet(metaHandled, ch.changeSet());
            } else if (c instanceof Command.FinishSplit f) {
                handleFinishSplit(metaHandled, f);
            }
        }
        if (!applyQueued && applied < raft.commitIndex()) {
            applyQueued = true;
            store.applier().submit(Task.of("apply region " + regionId, 0, this::applyCommitted));
        }
    }

    private void handleChangeSet(long seq, ChangeSet cs) {
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
            engine.flushesApplying++;
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
        meta = new ShardMeta(ver, next, seq, metaSizeBytes);
        ctx.disk().putDurable(keyMeta, meta);
        accepted.add(seq);
        ctx.trace(regionId + ":" + ver + " handle change set set engine meta, apply change shardID:" + regionId
                + " shardVer:" + ver + " " + kindName(cs) + "stage:" + next + " sequence:" + seq);
        if (cs.kind() == ChangeSet.Kind.PRE_SPLIT) {
            store.tracker().preSplitApplied(regionId, ver);
            openPreSplitWindow();
        }
    }

    /** The split admin command moves the meta to the next epoch (peer.go:846 handlePendingSplit). */
    private void handleFinishSplit(long seq, Command.FinishSplit f) {
        long ver = meta.shardVer();
        if (f.shardVer() != ver || meta.splitStage() != SPLIT_FILE_DONE) {
            ctx.trace(regionId + ":" + ver + " ignore finish split of epoch " + f.shardVer() + " at stage "
                    + meta.splitStage());
            return;
        }
        metaSizeBytes = metaSizeBytes / 2;
        meta = new ShardMeta(ver + 1, INITIAL, seq, metaSizeBytes);
        ctx.disk().putDurable(keyMeta, meta);
        accepted.add(seq);
        ctx.trace(regionId + ":" + ver + " finish split, region epoch now " + (ver + 1));
        store.tracker().splitFinished(regionId, ver);
    }

    private static String kindName(ChangeSet cs) {
        return cs.kind() == ChangeSet.Kind.FLUSH
                ? "flush "
                : cs.kind() == ChangeSet.Kind.PRE_SPLIT ? "pre-split " : "split-files ";
    }

    // ---- the applier -----------------------------------------------------------------------------------

    /**
     * Committed entries go through the store's applier (applier.go), one region's batch per task.
     * Writes and PRE_SPLIT go to the engine inline (applier.go:781-789 at 3522d5f); flush and
     * split-files change sets go to the region worker, and a send to a full region worker blocks the
     * applier (applier.go:791-800), and then this region and every other one on the store stop applying.
     */
    private void applyCommitted() {
        applyQueued = false;
        while (applied < raft.commitIndex()) {
            if (store.applier().blockedOn().isPresent()) {
                // The rest waits until the applier is unblocked: it is queued behind the blocked send.
                committed();
                return;
            }
            applied++;
            boolean took = !accepted.isEmpty() && accepted.peekFirst() == applied;
            if (took) {
                accepted.pollFirst();
            }
            Command c = raft.entry(applied).command();
            if (applied == callbackIndex) {
                recoveryCallback(raft.entry(applied).term() == callbackTerm);
            }
            if (c instanceof Command.NoOp) {
                continue;
            } else if (c instanceof Command.Write w) {
                sizeBytes += w.bytes();
                write(w.bytes());
            } else if (c instanceof Command.Change ch) {
                if (took) {
                    applyChangeSet(applied, ch.changeSet());
                }
            } else if (c instanceof Command.FinishSplit f) {
                if (took) {
                    applyFinishSplit(applied, f);
                }
            } else {
                throw new IllegalStateException("unknown command " + c);
            }
        }
    }

    private void applyChangeSet(long seq, ChangeSet cs) {
        if (cs.kind() == ChangeSet.Kind.PRE_SPLIT) {
            preSplit(seq, cs);
            return;
        }
        SplitStage sets = cs.kind() == ChangeSet.Kind.SPLIT_FILES ? SPLIT_FILE_DONE : cs.stage();
        String name = "apply change set " + kindName(cs) + "shard " + regionId + ":" + cs.shardVer() + " stage " + sets
                + " seq " + seq;
        Task task = Task.of(name, cfg.applyMicros(), () -> applyToEngine(seq, cs));
        // only a flush can take the engine from PRE_SPLIT to PRE_SPLIT_FLUSH_DONE; split files need it there already
        store.regionWorker()
                .submit(
                        cs.kind() == ChangeSet.Kind.FLUSH && sets == PRE_SPLIT_FLUSH_DONE
                                ? task.mayMeet(flushDoneKey(regionId, cs.shardVer()))
                                : task);
    }

    /** engine/write.go:61-92 Write: into the splitting mem-tables while splitting, else the writable one, switched (and flushed on a leader) when full. */
    private void write(long bytes) {
        if (engine.splitStage.atLeast(PRE_SPLIT)) {
            engine.splittingBytes += bytes;
            return;
        }
        if (engine.writableBytes > 0 && engine.writableBytes + bytes > cfg.flushThresholdBytes()) {
            switchMemTable();
        }
        engine.writableBytes += bytes;
    }

    /** switchMemTable and scheduleFlushTask (write.go:43-58, 122-143 at 3522d5f): a PRE_SPLIT shard's table is tagged PRE_SPLIT_FLUSH_DONE. */
    private void switchMemTable() {
        SplitStage tag = engine.splitStage == PRE_SPLIT ? PRE_SPLIT_FLUSH_DONE : engine.splitStage;
        long bytes = engine.writableBytes;
        engine.writableBytes = 0;
        if (bytes > 0) {
            engine.immutables.add(new EngineShard.MemTable(bytes, tag));
        }
        // an empty writable table is replaced, not kept: its flush (a leader's) removes no table
        scheduleFlush(new EngineShard.FlushTask(engine.shardVer, bytes, tag, bytes > 0));
    }

    /** engine/split.go:35-53 PreSplit, run by the applier: stage PRE_SPLIT, then the mem-table switched and (on a leader) flushed. */
    private void preSplit(long seq, ChangeSet cs) {
        if (engine.shardVer != cs.shardVer() || engine.splitStage != INITIAL) {
            ctx.trace("region " + regionId + ":" + cs.shardVer()
                    + " failed to execute pre-split, may be already pre-split by ingest. log idx:" + seq);
            return;
        }
        engine.splitStage = PRE_SPLIT;
        engine.preSplitSeq = seq;
        ctx.trace("shard " + shard() + " apply change set pre-split stage PRE_SPLIT seq " + seq);
        ctx.trace("shard " + shard() + " set split stage PRE_SPLIT");
        if (!engine.passive) {
            ctx.trace(shard() + " trigger flush mem table for pre-split");
        }
        switchMemTable();
    }

    /** The region worker's part of a flush or split-files change set (worker.go:512 "apply change set"; compaction.go:630-647 applyFlush). */
    private void applyToEngine(long seq, ChangeSet cs) {
        if (cs.kind() == ChangeSet.Kind.FLUSH) {
            engine.flushesApplying = Math.max(0, engine.flushesApplying - 1);
        }
        if (engine.shardVer != cs.shardVer()) {
            // the applier moved the engine to the next epoch first (FinishSplit): ErrShardNotMatch, dropped
            ctx.trace("shard " + shard() + " apply change set of epoch " + cs.shardVer() + " err: shard not match");
            return;
        }
        SplitStage before = engine.splitStage;
        SplitStage next = before;
        if (cs.kind() == ChangeSet.Kind.FLUSH) {
            if (cs.flushedBytes() > 0 && !engine.immutables.isEmpty()) {
                engine.immutables.pollFirst();
            }
            if (cs.stage() == PRE_SPLIT_FLUSH_DONE && before == PRE_SPLIT) {
                next = PRE_SPLIT_FLUSH_DONE;
            }
        } else if (before == PRE_SPLIT_FLUSH_DONE) {
            next = SPLIT_FILE_DONE;
        }
        ctx.trace("shard " + shard() + " apply change set " + kindName(cs) + "stage " + next + " seq " + seq);
        engine.splitStage = next;
        engine.sequence = seq;
        if (next != before) {
            ctx.trace("shard " + shard() + " set split stage " + next);
        }
        if (next.atLeast(PRE_SPLIT_FLUSH_DONE)) {
            ctx.closeWindow(SplitWindows.PRE_SPLIT, regionId);
        }
        checkFinishSplit();
    }

    /** The split's engine part, run by the applier (applier.go:989 kv.FinishSplit at 3522d5f): the engine moves to the next epoch at once. */
    private void applyFinishSplit(long seq, Command.FinishSplit f) {
        long ver = f.shardVer();
        sizeBytes = sizeBytes / 2;
        if (engine.shardVer != ver) {
            ctx.trace("shard " + shard() + " failed to finish split of epoch " + ver);
            return;
        }
        engine.shardVer = ver + 1;
        engine.splitStage = INITIAL;
        engine.sequence = seq;
        // the new shard's mem-table is its part of the splitting ones (the sibling region is not modelled)
        engine.writableBytes = engine.splittingBytes / 2;
        engine.splittingBytes = 0;
        engine.immutables.clear();
        engine.flushQueue.clear();
        engine.flushesApplying = 0;
        ctx.closeWindow(SplitWindows.PRE_SPLIT, regionId);
        ctx.trace("shard " + shard() + " finished split, stage INITIAL");
    }

    // ---- flush (only an active engine flushes; flush.go runFlushMemTable, one table at a time) ----------

    private void scheduleFlush(EngineShard.FlushTask t) {
        if (engine.passive) {
            return;
        }
        engine.flushQueue.add(t);
        startFlush();
    }

    /**
     * TriggerFlush (engine.go:807-834 at 3522d5f), on becoming leader: flushes the immutable mem-tables
     * but the oldest onGoingFlushCnt ones; #643 tags the newest of them PRE_SPLIT_FLUSH_DONE when the
     * engine is in PRE_SPLIT. No table is made up: a shard with only its writable mem-table flushes
     * nothing (the empty-table flush is for a shard never flushed, and #643 removed #627's pre-split case).
     */
    private void triggerFlush() {
        int skip = engine.flushesApplying;
        int i = 0;
        int n = engine.immutables.size();
        for (EngineShard.MemTable m : engine.immutables) {
            if (i++ < skip) {
                continue;
            }
            SplitStage tag = m.stage();
            if (i == n && mode.reflush() && engine.splitStage == PRE_SPLIT) {
                tag = PRE_SPLIT_FLUSH_DONE;
            }
            ctx.trace(shard() + " trigger flush mem table size:" + m.bytes() + " stage " + tag);
            scheduleFlush(new EngineShard.FlushTask(engine.shardVer, m.bytes(), tag, true));
        }
    }

    private void startFlush() {
        if (engine.flushing || engine.flushQueue.isEmpty()) {
            return;
        }
        EngineShard.FlushTask t = engine.flushQueue.pollFirst();
        engine.flushing = true;
        long slowMicros = store.takeSlowFlushMicros();
        if (slowMicros > 0) {
            // Probed where the delay takes effect: this flush's timer is set that much later.
            ctx.probe(SplitProbes.SLOW_FLUSH);
        }
        long micros = ctx.random().between(cfg.flushMinMicros(), cfg.flushMaxMicros()) + slowMicros;
        ctx.setTimer("flush memtable " + regionId + ":" + t.ver() + " size:" + t.bytes(), micros, () -> flushDone(t));
    }

    /** The flush result goes to the meta change listener, which proposes it (flush.go:66-88); only a leader's proposal is taken. */
    private void flushDone(EngineShard.FlushTask t) {
        engine.flushing = false;
        if (!raft.isLeader() || t.ver() != meta.shardVer()) {
            ctx.trace(regionId + ":" + t.ver() + " flush result dropped: not leader of this epoch");
        } else {
            raft.propose(
                    new Command.Change(new ChangeSet(regionId, t.ver(), ChangeSet.Kind.FLUSH, t.stage(), t.bytes())));
        }
        startFlush();
    }

    // ---- split: the split checker (worker.go:213-302 splitCheckHandler, splitEngineAndRegion) -----------

    /** The split checker found the region big enough (worker.go:214 "split region by checker"). */
    void splitCheck(boolean force) {
        long ver = meta.shardVer();
        if (!raft.isLeader()
                || (!force && sizeBytes < cfg.splitSizeBytes())
                || (preSplitTerm == raft.term() && preSplitVer == ver)) {
            return;
        }
        if (!force && (meta.splitStage() != INITIAL || engine.splitStage != INITIAL)) {
            return;
        }
        preSplitTerm = raft.term();
        preSplitVer = ver;
        if (force) {
            ctx.probe(SplitProbes.FORCED_SPLIT_CHECK);
        }
        // upstream logs the configured RegionMaxSize here, not the region's size
        String name = "split region " + regionId + ":" + ver + " by checker size:" + cfg.splitSizeBytes();
        SplitCall call = new SplitCall(ver, SplitCall.PRE_SPLIT, true);
        if (!store.splitChecker()
                .submit(Task.waitingFor(name, flushDoneKey(regionId, ver), call, cfg.pollMicros(), 0, () -> {}))) {
            forgetPreSplit(ver);
        }
    }

    private void forgetPreSplit(long ver) {
        if (preSplitVer == ver) {
            preSplitTerm = -1;
            preSplitVer = -1;
        }
    }

    /**
     * One split procedure as a worker task that holds its worker until it ends: splitEngineAndRegion
     * on the split checker (preSplitRegion, then splitShardFiles, worker.go:223-249) or
     * handleRecoverSplit on the region worker (splitShardFiles, worker.go:577-596 at 3522d5f). Each
     * place where upstream blocks (cb.Wait on a proposal's callback, worker.go:291 and :325;
     * waitForPreSplitFlushState, split.go:91) is a phase the worker re-checks at every poll: a
     * proposal resolves when the applier reaches its index, with success if the entry there is still
     * of the proposal's term, else as a stale command.
     */
    private final class SplitCall implements java.util.function.BooleanSupplier {
        static final int PRE_SPLIT = 0;
        static final int PRE_SPLIT_APPLY = 1;
        static final int SPLIT_FILES = 2;
        static final int SPLIT_FILES_APPLY = 3;
        static final int DONE = 4;

        private final long ver;
        private final boolean checker;
        private int phase;
        private long index;
        private long term;

        SplitCall(long ver, int phase, boolean checker) {
            this.ver = ver;
            this.phase = phase;
            this.checker = checker;
        }

        @Override
        public boolean getAsBoolean() {
            int before;
            do {
                before = phase;
                step();
            } while (phase != before && phase != DONE);
            return phase == DONE;
        }

        private void step() {
            if (phase == PRE_SPLIT) {
                preSplitRegion();
            } else if (phase == PRE_SPLIT_APPLY) {
                if (applied >= index) {
                    if (raft.entry(index).term() == term) {
                        phase = SPLIT_FILES;
                    } else {
                        fail(
                                "failed to pre-split region err: stale command",
                                "failed to pre-split region: stale command");
                    }
                }
            } else if (phase == SPLIT_FILES) {
                splitShardFiles();
            } else if (phase == SPLIT_FILES_APPLY) {
                if (applied >= index) {
                    if (raft.entry(index).term() == term) {
                        waitFollowers();
                    } else {
                        fail("failed to split files err: stale command", "failed to split files: stale command");
                    }
                }
            }
        }

        /** preSplitRegion (worker.go:251-302): the ENGINE's split stage must be INITIAL (logging as 9879ec2 does). */
        private void preSplitRegion() {
            String shard = regionId + ":" + ver;
            if (!raft.isLeader()) {
                forgetPreSplit(ver);
                fail(
                        "failed to pre-split region err: region " + regionId + " is not leader",
                        "failed to pre-split region: region " + regionId + " is not leader");
            } else if (engine.splitStage != INITIAL || engine.shardVer != ver) {
                forgetPreSplit(ver);
                String stage = engine.shardVer != ver ? "of epoch " + engine.shardVer : engine.splitStage.toString();
                ctx.trace("shard " + shard + " wrong split stage " + stage);
                fail(
                        "failed to pre-split region err: wrong split stage " + stage,
                        "failed to pre-split region: wrong split stage " + stage);
            } else {
                ctx.trace("split region " + shard + " by checker: propose pre-split");
                raft.propose(new Command.Change(
                        new ChangeSet(regionId, ver, ChangeSet.Kind.PRE_SPLIT, SplitStage.PRE_SPLIT, 0)));
                index = raft.lastIndex();
                term = raft.term();
                phase = PRE_SPLIT_APPLY;
            }
        }

        /** splitShardFiles (worker.go:304-329): the engine cuts the files once the pre-split flush is applied, then the change set is proposed. */
        private void splitShardFiles() {
            if (engine.shardVer != ver || !engine.splitStage.atLeast(SplitStage.PRE_SPLIT)) {
                fail("split shard files err: shard not match or wrong stage " + engine.splitStage, null);
                return;
            }
            if (!engine.splitStage.atLeast(PRE_SPLIT_FLUSH_DONE)) {
                return;
            }
            if (!raft.isLeader()) {
                fail(
                        "failed to split files err: region " + regionId + " is not leader",
                        "failed to split files: region " + regionId + " is not leader");
                return;
            }
            if (engine.splitStage == PRE_SPLIT_FLUSH_DONE) {
                ctx.trace("shard " + shard() + " " + (checker ? "split files" : "recover split")
                        + ": propose split-files change set");
                raft.propose(new Command.Change(
                        new ChangeSet(regionId, ver, ChangeSet.Kind.SPLIT_FILES, SPLIT_FILE_DONE, 0)));
                index = raft.lastIndex();
                term = raft.term();
                phase = SPLIT_FILES_APPLY;
                if (!checker) {
                    // The region worker is not held for the callback: the applier runs the rest when it applies the
                    // entry.
                    callbackIndex = index;
                    callbackTerm = term;
                    callbackVer = ver;
                    phase = DONE;
                }
            } else {
                waitFollowers();
            }
        }

        /** MsgWaitFollowerSplitFiles: the leader finishes once every follower reports its split files done. */
        private void waitFollowers() {
            ctx.trace("shard " + regionId + ":" + ver + " send a msg to wait for followers to finish splitting files");
            if (raft.isLeader() && engine.shardVer == ver) {
                waitFollowersVer = ver;
                checkFinishSplit();
            }
            phase = DONE;
        }

        private void fail(String shardLine, String checkResult) {
            ctx.trace("shard " + regionId + ":" + ver + " " + shardLine);
            if (checker && checkResult != null) {
                ctx.trace("region " + regionId + ":" + ver + " failed to send check result err: " + checkResult);
            }
            phase = DONE;
        }
    }

    /** The split-files proposal of a recovery applied (or replaced by another term's entry): worker.go:583-595 goes on or fails. */
    private void recoveryCallback(boolean ok) {
        callbackIndex = -1;
        if (!ok) {
            ctx.trace("shard " + regionId + ":" + callbackVer + " failed to split files err: stale command");
            return;
        }
        ctx.trace("shard " + regionId + ":" + callbackVer
                + " send a msg to wait for followers to finish splitting files");
        if (raft.isLeader() && engine.shardVer == callbackVer && meta.shardVer() == callbackVer) {
            waitFollowersVer = callbackVer;
        }
    }

    // ---- split: a new leader that finds one in progress (the bug and its fix) -------------------------

    private void handleSplitInProgress(String why) {
        long ver = meta.shardVer();
        if (recoveryTerm == raft.term() && recoveryVer == ver) {
            return;
        }
        recoveryTerm = raft.term();
        recoveryVer = ver;
        if (!mode.delayedRecovery()) {
            // b4ca36b peer.go:739-749: queued at once, with the persisted (meta) stage.
            ctx.trace("shard " + regionId + ":" + ver + " recover split (" + why + ", meta stage " + meta.splitStage()
                    + ", engine stage " + engine.splitStage + ")");
            queueRecoverSplit(meta.splitStage());
            return;
        }
        // #615 (9879ec2 peer.go OnRoleChanged): seq is captured now; a watcher polls every 100 ms until the
        // engine stage is at least PRE_SPLIT_FLUSH_DONE and the engine sequence has reached seq.
        long seq = meta.seq();
        ctx.trace("shard " + regionId + ":" + ver + " watch to recover split (" + why + ", request seq " + seq + ")");
        stopRecoveryWatcher();
        // a goroutine: it starts after the handler that spawned it
        recoveryWatcher =
                ctx.setTimer("recover split watcher " + regionId + ":" + ver, 0, () -> watchRecovery(ver, seq));
    }

    private void watchRecovery(long ver, long seq) {
        recoveryWatcher = null;
        if (!raft.isLeader() || engine.passive || engine.shardVer > ver) {
            // passive: the watcher exits (9879ec2); a later epoch: an earlier leader finished the split
            return;
        }
        if (engine.shardVer == ver && engine.splitStage.atLeast(PRE_SPLIT_FLUSH_DONE) && engine.sequence >= seq) {
            ctx.trace("shard " + shard() + " recover split");
            if (queueRecoverSplit(engine.splitStage)) {
                return;
            }
            // A full region worker blocks the watcher goroutine on its send: it tries again as it would be let in.
        } else {
            ctx.trace("shard " + shard() + " wait to recover split, stage " + engine.splitStage + ", request seq " + seq
                    + ", current seq " + engine.sequence);
        }
        recoveryWatcher = ctx.setTimer(
                "recover split watcher " + regionId + ":" + ver, cfg.pollMicros(), () -> watchRecovery(ver, seq));
    }

    private void stopRecoveryWatcher() {
        if (recoveryWatcher != null) {
            recoveryWatcher.cancel();
            recoveryWatcher = null;
        }
    }

    /**
     * taskTypeRecoverSplit on the region worker (worker.go:476 handleRecoverSplit): for PRE_SPLIT and
     * PRE_SPLIT_FLUSH_DONE it calls splitShardFiles, which waits for the engine stage and then for its
     * proposal's callback. #615 panics on a PRE_SPLIT recovery ("the region worker will be blocked");
     * the task carries its stage so that U5 sees that from outside.
     */
    private boolean queueRecoverSplit(SplitStage stage) {
        long ver = meta.shardVer();
        if (stage == PRE_SPLIT) {
            store.preSplitRecoveryQueued();
        }
        SplitCall call = new SplitCall(ver, SplitCall.SPLIT_FILES, false);
        return store.regionWorker()
                .submit(Task.waitingFor(
                                "recover split " + regionId + ":" + ver + " stage " + stage,
                                flushDoneKey(regionId, ver),
                                call,
                                cfg.pollMicros(),
                                cfg.splitFilesMicros(),
                                () -> {})
                        .withTag(new RecoverSplitTask(regionId, ver, stage)));
    }

    private void checkFinishSplit() {
        long ver = meta.shardVer();
        if (!raft.isLeader()
                || waitFollowersVer != ver
                || engine.shardVer != ver
                || engine.splitStage != SPLIT_FILE_DONE
                || (finishTerm == raft.term() && finishVer == ver)) {
            return;
        }
        if (!raft.followersReported(ver, SPLIT_FILE_DONE)) {
            return;
        }
        finishTerm = raft.term();
        finishVer = ver;
        ctx.trace(regionId + ":" + ver + " followers split files done: propose finish split");
        raft.propose(new Command.FinishSplit(ver));
    }

    // ---- read by U14 only (check-only accessors, left out of the mutation profile) ----------------------

    /** The engine's immutable mem-tables (what TriggerFlush can flush or relabel). */
    public int immutableMemTables() {
        return engine.immutables.size();
    }

    /** Flush change sets taken by the meta and not yet applied by the region worker (TriggerFlush skips as many tables). */
    public int flushesInFlight() {
        return engine.flushesApplying;
    }
}
