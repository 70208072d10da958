package shardsim.scenarios.splitstall;

import static shardsim.scenarios.splitstall.SplitStage.INITIAL;
import static shardsim.scenarios.splitstall.SplitStage.PRE_SPLIT;
import static shardsim.scenarios.splitstall.SplitStage.PRE_SPLIT_FLUSH_DONE;
import static shardsim.scenarios.splitstall.SplitStage.SPLIT_FILE_DONE;

import shardsim.core.node.NodeContext;
import shardsim.core.node.Timer;
import shardsim.core.worker.Task;

/**
 * The split side of one region on one store: the persisted shard meta, the engine shard, the
 * applier's part of each committed entry, flushes, the split a leader starts, and the recovery of
 * a split a new leader finds in progress (the bug and its fix). It reaches the Raft replica only
 * through {@link Replica}. Upstream references are to ngaut/unistore at the report's commit
 * b4ca36b unless another commit is named.
 */
final class SplitDriver implements RaftReplica.Listener {
    private final Store store;
    private final NodeContext ctx;
    private final StoreConfig cfg;
    private final SplitMode mode;
    private final long regionId;
    private final String keyMeta;
    private final Replica raft;

    private ShardMeta meta;
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
        engine = new EngineShard(meta);
        applied = meta.seq();
        if (meta.splitStage() == PRE_SPLIT) {
            // the engine reloads PRE_SPLIT: the window is open again on this incarnation
            openPreSplitWindow();
        }
    }

    private void openPreSplitWindow() {
        ctx.openWindow(SplitWindows.PRE_SPLIT, regionId, java.util.List.of(ctx.name()));
    }

    long applied() {
        return applied;
    }

    // ---- views for the store and the checks --------------------------------------------------------

    ShardMeta meta() {
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

    long sizeBytes() {
        return sizeBytes;
    }

    /** Whether a watcher waits to queue split recovery (the fix's delayed recovery, #615). For coverage. */
    boolean watchingRecovery() {
        return recoveryWatcher != null;
    }

    private String shard() {
        return regionId + ":" + engine.shardVer;
    }

    /** The condition a split-files wait (waitForPreSplitFlushState, engine/split.go:91) waits for, as a kernel condition key. */
    static String flushDoneKey(long regionId, long ver) {
        return "engine stage of shard " + regionId + ":" + ver + " >= PRE_SPLIT_FLUSH_DONE";
    }

    // ---- role changes (peer.go OnRoleChanged, 715-750) -----------------------------------------------

    @Override
    public void becameLeader() {
        engine.passive = false;
        ctx.trace("shard " + shard() + " set passive false");
        // TriggerFlush (engine.go:801) comes before the recovery check upstream; #643 (3522d5f) makes it
        // re-flush a shard whose engine is still in PRE_SPLIT.
        maybeReflush();
        maybeFlush();
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

    // ---- the applier ---------------------------------------------------------------------------------

    /**
     * Committed entries go through the store's applier (applier.go), one region's batch per task. A
     * change set submitted to a full region worker blocks the applier (applier.go:599 sends on the
     * channel), and then this region and every other one on the store stop applying.
     */
    @Override
    public void committed() {
        if (!applyQueued) {
            applyQueued = true;
            store.applier().submit(Task.of("apply region " + regionId, 0, this::applyCommitted));
        }
    }

    private void applyCommitted() {
        applyQueued = false;
        while (applied < raft.commitIndex()) {
            if (store.applier().blockedOn().isPresent()) {
                // The rest waits until the applier is unblocked: it is queued behind the blocked send.
                committed();
                return;
            }
            applied++;
            LogEntry e = raft.entry(applied);
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

    /** Moves the persisted meta (peer.go:887 handleChangeSet), then queues the engine's part on the region worker. */
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
            openPreSplitWindow();
        }
        SplitStage sets = next;
        String name = "apply change set " + kindName(cs) + "shard " + regionId + ":" + ver + " stage " + next + " seq " + seq;
        Task task = Task.of(name, cfg.applyMicros(), () -> applyToEngine(seq, entryTerm, cs, sets));
        store.regionWorker().submit(sets.atLeast(PRE_SPLIT_FLUSH_DONE) ? task.mayMeet(flushDoneKey(regionId, ver)) : task);
    }

    private static String kindName(ChangeSet cs) {
        return cs.kind() == ChangeSet.Kind.FLUSH ? "flush " : cs.kind() == ChangeSet.Kind.PRE_SPLIT ? "pre-split " : "split-files ";
    }

    /** The region worker's part of a change set (worker.go:512 "apply change set"; shard.go:348 "set split stage"). */
    private void applyToEngine(long seq, long entryTerm, ChangeSet cs, SplitStage next) {
        if (engine.shardVer != cs.shardVer()) {
            throw new IllegalStateException("engine of " + regionId + " at epoch " + engine.shardVer + " given a change set of epoch " + cs.shardVer());
        }
        ctx.trace("shard " + shard() + " apply change set " + kindName(cs) + "stage " + next + " seq " + seq);
        SplitStage before = engine.splitStage;
        engine.splitStage = next;
        engine.sequence = seq;
        if (next != before) {
            ctx.trace("shard " + shard() + " set split stage " + next);
        }
        if (next.atLeast(PRE_SPLIT_FLUSH_DONE)) {
            ctx.closeWindow(SplitWindows.PRE_SPLIT, regionId);
        }
        if (cs.kind() == ChangeSet.Kind.FLUSH) {
            engine.memTableBytes = Math.max(0, engine.memTableBytes - cs.flushedBytes());
            if (next == PRE_SPLIT_FLUSH_DONE) {
                engine.preSplitMemTable = false;
            }
        } else if (cs.kind() == ChangeSet.Kind.PRE_SPLIT) {
            // The mem-table is switched at PRE_SPLIT; only an active (leader) engine flushes it.
            engine.preSplitMemTable = true;
            if (raft.isLeader()) {
                if (entryTerm == raft.term()) {
                    queueSplitFiles();
                } else {
                    handleSplitInProgress("pre-split of an earlier term applied");
                }
            }
            maybeFlush();
        }
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
        // Moving the engine out of the epoch ends any wait on the epoch's stage.
        store.regionWorker().submit(Task.of("finish split " + regionId + ":" + ver, cfg.applyMicros(), () -> {
            engine.shardVer = ver + 1;
            engine.splitStage = INITIAL;
            engine.sequence = seq;
            engine.preSplitMemTable = false;
            ctx.closeWindow(SplitWindows.PRE_SPLIT, regionId);
            ctx.trace("shard " + shard() + " finished split, stage INITIAL");
        }).mayMeet(flushDoneKey(regionId, ver)));
    }

    // ---- flush (only an active engine flushes) -------------------------------------------------------

    private void maybeFlush() {
        if (!raft.isLeader() || engine.passive || engine.flushing) {
            return;
        }
        if (engine.preSplitMemTable || engine.memTableBytes >= cfg.flushThresholdBytes()) {
            if (engine.preSplitMemTable) {
                ctx.trace(shard() + " trigger flush mem table for pre-split");
            }
            startFlush();
        }
    }

    /** #643 (3522d5f, engine.go TriggerFlush): a new leader whose engine is in PRE_SPLIT flushes again, marking the flush PRE_SPLIT_FLUSH_DONE. */
    private void maybeReflush() {
        if (mode.reflush() && engine.splitStage == PRE_SPLIT && engine.shardVer == meta.shardVer() && !engine.preSplitMemTable) {
            ctx.trace("shard " + shard() + " re-flush for pre-split");
            engine.preSplitMemTable = true;
        }
    }

    private void startFlush() {
        engine.flushing = true;
        boolean preSplit = engine.preSplitMemTable;
        long bytes = engine.memTableBytes;
        long ver = engine.shardVer;
        engine.memTableBytes = 0;
        long slowMicros = store.takeSlowFlushMicros();
        if (slowMicros > 0) {
            // Probed where the delay takes effect: this flush's timer is set that much later.
            ctx.probe(SplitProbes.SLOW_FLUSH);
        }
        long micros = ctx.random().between(cfg.flushMinMicros(), cfg.flushMaxMicros()) + slowMicros;
        ctx.setTimer("flush memtable " + shard() + " size:" + bytes, micros, () -> flushDone(preSplit, bytes, ver));
    }

    private void flushDone(boolean preSplit, long bytes, long ver) {
        engine.flushing = false;
        if (!raft.isLeader() || ver != meta.shardVer()) {
            ctx.trace(regionId + ":" + ver + " flush result dropped: not leader of this epoch");
        } else {
            if (preSplit) {
                engine.preSplitMemTable = false;
            }
            SplitStage stage = preSplit ? PRE_SPLIT_FLUSH_DONE : INITIAL;
            raft.propose(new Command.Change(new ChangeSet(regionId, ver, ChangeSet.Kind.FLUSH, stage, bytes)));
        }
        maybeFlush();
    }

    // ---- split: the leader that started it (worker.go splitCheckHandler, splitEngineAndRegion) -------

    /** The split checker found the region big enough (worker.go:214 "split region by checker"). */
    void splitCheck(boolean force) {
        long ver = meta.shardVer();
        if (!raft.isLeader() || (!force && sizeBytes < cfg.splitSizeBytes()) || (preSplitTerm == raft.term() && preSplitVer == ver)) {
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
        store.splitChecker().submit(Task.of(name, 1_000, () -> preSplitRegion(ver)));
    }

    /**
     * preSplitRegion (worker.go:250-290): the ENGINE's split stage must be INITIAL (logging as 9879ec2 does).
     * A check that proposes nothing is forgotten: upstream each split-check tick queues a fresh check
     * (fsm_peer.go:1025-1043) and a failed one only logs (worker.go:214-216), so the next tick tries again.
     */
    private void preSplitRegion(long ver) {
        String shard = regionId + ":" + ver;
        if (!raft.isLeader()) {
            forgetPreSplit(ver);
            ctx.trace("shard " + shard + " failed to pre-split region err: region " + regionId + " is not leader");
        } else if (engine.splitStage != INITIAL || engine.shardVer != ver) {
            forgetPreSplit(ver);
            String stage = engine.shardVer != ver ? "of epoch " + engine.shardVer : engine.splitStage.toString();
            ctx.trace("shard " + shard + " wrong split stage " + stage);
            ctx.trace("shard " + shard + " failed to pre-split region err: wrong split stage " + stage);
            ctx.trace("region " + shard + " failed to send check result err: failed to pre-split region: wrong split stage " + stage);
        } else {
            ctx.trace("split region " + shard + " by checker: propose pre-split");
            raft.propose(new Command.Change(new ChangeSet(regionId, ver, ChangeSet.Kind.PRE_SPLIT, PRE_SPLIT, 0)));
        }
    }

    private void forgetPreSplit(long ver) {
        if (preSplitVer == ver) {
            preSplitTerm = -1;
            preSplitVer = -1;
        }
    }

    /** splitShardFiles on the split checker: waits (polling) for the pre-split flush, then proposes. */
    private void queueSplitFiles() {
        long ver = engine.shardVer;
        store.splitChecker().submit(Task.waitingFor("split files " + regionId + ":" + ver, flushDoneKey(regionId, ver),
                () -> engine.shardVer != ver || engine.splitStage.atLeast(PRE_SPLIT_FLUSH_DONE), cfg.pollMicros(), cfg.splitFilesMicros(),
                () -> splitShardFiles(ver, "split files")));
    }

    private void splitShardFiles(long ver, String caller) {
        if (engine.shardVer != ver) {
            return;
        }
        if (!raft.isLeader()) {
            ctx.trace("shard " + shard() + " failed to split files err: region " + regionId + " is not leader");
            ctx.trace("region " + shard() + " failed to send check result err: failed to split files: region " + regionId + " is not leader");
            return;
        }
        if (engine.splitStage == PRE_SPLIT_FLUSH_DONE) {
            ctx.trace("shard " + shard() + " " + caller + ": propose split-files change set");
            raft.propose(new Command.Change(new ChangeSet(regionId, ver, ChangeSet.Kind.SPLIT_FILES, SPLIT_FILE_DONE, 0)));
        }
        // MsgWaitFollowerSplitFiles: finish once every follower reports its split files done.
        waitFollowersVer = ver;
        checkFinishSplit();
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
            ctx.trace("shard " + regionId + ":" + ver + " recover split (" + why + ", meta stage " + meta.splitStage() + ", engine stage "
                    + engine.splitStage + ")");
            queueRecoverSplit(meta.splitStage());
            return;
        }
        // #615 (9879ec2 peer.go OnRoleChanged): seq is captured now; a watcher polls every 100 ms until the
        // engine stage is at least PRE_SPLIT_FLUSH_DONE and the engine sequence has reached seq.
        long seq = meta.seq();
        ctx.trace("shard " + regionId + ":" + ver + " watch to recover split (" + why + ", request seq " + seq + ")");
        stopRecoveryWatcher();
        // a goroutine: it starts after the handler that spawned it
        recoveryWatcher = ctx.setTimer("recover split watcher " + regionId + ":" + ver, 0, () -> watchRecovery(ver, seq));
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
            ctx.trace("shard " + shard() + " wait to recover split, stage " + engine.splitStage + ", request seq " + seq + ", current seq " + engine.sequence);
        }
        recoveryWatcher = ctx.setTimer("recover split watcher " + regionId + ":" + ver, cfg.pollMicros(), () -> watchRecovery(ver, seq));
    }

    private void stopRecoveryWatcher() {
        if (recoveryWatcher != null) {
            recoveryWatcher.cancel();
            recoveryWatcher = null;
        }
    }

    /**
     * taskTypeRecoverSplit on the region worker (worker.go:476 handleRecoverSplit): for PRE_SPLIT and
     * PRE_SPLIT_FLUSH_DONE it calls splitShardFiles, which waits for the engine stage. #615 panics on a
     * PRE_SPLIT recovery ("the region worker will be blocked"); the task carries its stage so that U5
     * sees that from outside.
     */
    private boolean queueRecoverSplit(SplitStage stage) {
        long ver = meta.shardVer();
        if (stage == PRE_SPLIT) {
            store.preSplitRecoveryQueued();
        }
        return store.regionWorker().submit(Task.waitingFor("recover split " + regionId + ":" + ver + " stage " + stage, flushDoneKey(regionId, ver),
                () -> engine.shardVer != ver || engine.splitStage.atLeast(PRE_SPLIT_FLUSH_DONE), cfg.pollMicros(), cfg.splitFilesMicros(),
                () -> splitShardFiles(ver, "recover split")).withTag(new RecoverSplitTask(regionId, ver, stage)));
    }

    private void checkFinishSplit() {
        long ver = meta.shardVer();
        if (!raft.isLeader() || waitFollowersVer != ver || engine.shardVer != ver || engine.splitStage != SPLIT_FILE_DONE
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
}
