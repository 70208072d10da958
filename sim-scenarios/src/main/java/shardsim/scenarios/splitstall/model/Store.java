package shardsim.scenarios.splitstall.model;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.core.worker.WorkerQueue;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * A unistore store: a peer of every region, the applier, the store-wide region worker (regionSched)
 * and the split checker. A crash loses both queues, every timer and each engine's mem-tables; a restart
 * reloads the raft state, the shard meta and (from the meta) the engine.
 */
public final class Store implements Node {
    /** The name of the store-wide FIFO worker that applies change sets and runs split recovery. */
    public static final String REGION_WORKER = "region-worker";

    public static final String SPLIT_CHECKER = "split-checker";
    /** The worker that applies committed entries and hands change sets to the region worker (applier.go). */
    public static final String APPLIER = "applier";
    /** Slots of a worker's channel: defaultWorkerCapacity, tikv/raftstore/worker.go:180 at b4ca36b (newWorker makes every worker's channel this size). */
    public static final int WORKER_CAPACITY = 128;

    private final NodeContext ctx;
    private final StoreConfig cfg;
    private final SplitMode mode;
    private final SplitEvents tracker;
    private final List<String> stores;
    private final List<String> others;
    private final int self;
    private final List<RegionSpec> regions;
    private final List<RegionPeer> peers = new ArrayList<>();
    private final WorkerQueue regionWorker;
    private final WorkerQueue splitChecker;
    private final WorkerQueue applier;
    private long slowFlushMicros;
    /** Recoveries queued with stage PRE_SPLIT by this incarnation (lets U5 skip the common case). */
    private int preSplitRecoveries;
    /** Messages handled, by kind, in the order of {@link RaftMessage}'s permitted subclasses. */
    private final long[] handled = new long[5];

    public Store(
            NodeContext ctx,
            StoreConfig cfg,
            SplitMode mode,
            SplitEvents tracker,
            List<String> stores,
            List<RegionSpec> regions) {
        this.ctx = ctx;
        this.cfg = cfg;
        this.mode = mode;
        this.tracker = tracker;
        this.stores = List.copyOf(stores);
        this.self = stores.indexOf(ctx.name());
        if (self < 0) {
            throw new IllegalArgumentException(ctx.name() + " is not one of " + stores);
        }
        List<String> o = new ArrayList<>(stores);
        o.remove(ctx.name());
        this.others = List.copyOf(o);
        this.regions = List.copyOf(regions);
        this.applier = ctx.worker(APPLIER);
        this.regionWorker = ctx.worker(REGION_WORKER, cfg.workerCapacity());
        this.splitChecker = ctx.worker(SPLIT_CHECKER, cfg.workerCapacity());
    }

    @Override
    public void onStart() {
        boot(false);
    }

    @Override
    public void onRecover() {
        boot(true);
    }

    private void boot(boolean recover) {
        for (RegionSpec spec : regions) {
            RegionPeer p = new RegionPeer(this, ctx, cfg, mode, spec.regionId(), stores.size());
            peers.add(p);
        }
        for (int i = 0; i < peers.size(); i++) {
            peers.get(i).boot(regions.get(i), recover);
        }
        ctx.setTimer("raft tick", cfg.heartbeatMicros(), this::onTick);
        ctx.setTimer("split check", cfg.splitCheckMicros(), this::onSplitCheck);
    }

    private void onTick() {
        for (RegionPeer p : peers) {
            p.raft().tick();
        }
        ctx.setTimer("raft tick", cfg.heartbeatMicros(), this::onTick);
    }

    private void onSplitCheck() {
        for (RegionPeer p : peers) {
            p.split().splitCheck(false);
        }
        ctx.setTimer("split check", cfg.splitCheckMicros(), this::onSplitCheck);
    }

    @Override
    public void onMessage(Envelope envelope) {
        if (!(envelope.message() instanceof RaftMessage m)) {
            throw new IllegalStateException("unknown message " + envelope.message());
        }
        RegionPeer p = peer(m.regionId());
        if (m instanceof RaftMessage.Append a) {
            handled[0]++;
            p.raft().onAppend(a);
        } else if (m instanceof RaftMessage.AppendResponse r) {
            handled[1]++;
            p.raft().onAppendResponse(r);
        } else if (m instanceof RaftMessage.RequestVote v) {
            handled[2]++;
            p.raft().onRequestVote(v);
        } else if (m instanceof RaftMessage.Vote v) {
            handled[3]++;
            p.raft().onVote(v);
        } else if (m instanceof RaftMessage.TimeoutNow t) {
            handled[4]++;
            p.raft().onTimeoutNow(t);
        } else {
            throw new IllegalStateException("unknown message " + m);
        }
    }

    // ---- for the driver, the fault handler and the checks -----------------------------------------

    /** The peer of {@code regionId} on this store. */
    public RegionPeer peer(long regionId) {
        // By index: every raft message looks its peer up here, and a handful of peers needs no map.
        for (int i = 0; i < peers.size(); i++) {
            RegionPeer p = peers.get(i);
            if (p.regionId == regionId) {
                return p;
            }
        }
        throw new IllegalArgumentException("no region " + regionId + " on " + ctx.name());
    }

    public List<RegionPeer> peers() {
        return peers;
    }

    /** A client write, accepted only by the region's leader. */
    public boolean write(long regionId, long bytes) {
        return peer(regionId).raft().propose(new Command.Write(bytes));
    }

    /** The split checker picks {@code regionId} whatever its size (scripted plans). */
    public void splitRegionByChecker(long regionId) {
        peer(regionId).split().splitCheck(true);
    }

    /**
     * The next flush on this store takes {@code micros} longer. Slow-flush faults that arrive before
     * that flush do not add up: the slowest one wins, so one fault delays one flush by its own amount.
     */
    public void slowNextFlush(long micros) {
        slowFlushMicros = Math.max(slowFlushMicros, micros);
        ctx.trace("next flush slowed by " + micros + "us");
    }

    long takeSlowFlushMicros() {
        long m = slowFlushMicros;
        slowFlushMicros = 0;
        return m;
    }

    /** The row of the mode table whose code this incarnation runs. */
    public SplitMode mode() {
        return mode;
    }

    public WorkerQueue regionWorker() {
        return regionWorker;
    }

    public int preSplitRecoveriesQueued() {
        return preSplitRecoveries;
    }

    void preSplitRecoveryQueued() {
        preSplitRecoveries++;
    }

    public WorkerQueue applier() {
        return applier;
    }

    public WorkerQueue splitChecker() {
        return splitChecker;
    }

    /** How many messages of each kind this incarnation handled, in {@link RaftMessage} order. */
    public long[] handledByKind() {
        return handled.clone();
    }

    SplitEvents tracker() {
        return tracker;
    }

    List<String> stores() {
        return stores;
    }

    List<String> others() {
        return others;
    }

    int self() {
        return self;
    }

    int indexOf(String store) {
        return stores.indexOf(store);
    }
}
