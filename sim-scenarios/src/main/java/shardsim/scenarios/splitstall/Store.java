package shardsim.scenarios.splitstall;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.core.worker.WorkerQueue;

/**
 * A unistore store: a peer of every region, the store-wide region worker (regionSched) and the
 * split checker. A crash loses both queues, every timer and each engine's mem-tables; a restart
 * reloads the raft state, the shard meta and (from the meta) the engine.
 */
public final class Store implements Node {
    /** The name of the store-wide FIFO worker that applies change sets and runs split recovery. */
    public static final String REGION_WORKER = "region-worker";
    public static final String SPLIT_CHECKER = "split-checker";

    private final NodeContext ctx;
    private final StoreConfig cfg;
    private final SplitMode mode;
    private final SplitTracker tracker;
    private final List<String> stores;
    private final List<String> others;
    private final int self;
    private final List<RegionSpec> regions;
    private final List<RegionPeer> peers = new ArrayList<>();
    private final WorkerQueue regionWorker;
    private final WorkerQueue splitChecker;
    private long slowFlushMicros;
    /** Tasks on the region worker that may wait for a condition, queued and not yet finished. */
    private int waitingTasks;
    /** Messages handled, by kind, in the order of {@link RaftMessage}'s permitted subclasses. */
    private final long[] handled = new long[5];

    Store(NodeContext ctx, StoreConfig cfg, SplitMode mode, SplitTracker tracker, List<String> stores, List<RegionSpec> regions) {
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
        this.regionWorker = ctx.worker(REGION_WORKER);
        this.splitChecker = ctx.worker(SPLIT_CHECKER);
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
            p.broadcastAppend();
        }
        ctx.setTimer("raft tick", cfg.heartbeatMicros(), this::onTick);
    }

    private void onSplitCheck() {
        for (RegionPeer p : peers) {
            p.splitCheck(false);
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
            p.onAppend(a);
        } else if (m instanceof RaftMessage.AppendResponse r) {
            handled[1]++;
            p.onAppendResponse(r);
        } else if (m instanceof RaftMessage.RequestVote v) {
            handled[2]++;
            p.onRequestVote(v);
        } else if (m instanceof RaftMessage.Vote v) {
            handled[3]++;
            p.onVote(v);
        } else if (m instanceof RaftMessage.TimeoutNow t) {
            handled[4]++;
            p.onTimeoutNow(t);
        } else {
            throw new IllegalStateException("unknown message " + m);
        }
    }

    // ---- for the driver, the fault handler and the checks -----------------------------------------

    /** The peer of {@code regionId} on this store. */
    RegionPeer peer(long regionId) {
        for (RegionPeer p : peers) {
            if (p.regionId == regionId) {
                return p;
            }
        }
        throw new IllegalArgumentException("no region " + regionId + " on " + ctx.name());
    }

    List<RegionPeer> peers() {
        return peers;
    }

    /** A client write, accepted only by the region's leader. */
    public boolean write(long regionId, long bytes) {
        return peer(regionId).propose(new Command.Write(bytes));
    }

    /** The split checker picks {@code regionId} whatever its size (scripted plans). */
    public void splitRegionByChecker(long regionId) {
        peer(regionId).splitCheck(true);
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

    /** Whether the region worker holds or queues a task that may wait (lets U1 skip the common case cheaply). */
    public boolean mayWaitOnRegionWorker() {
        return waitingTasks > 0;
    }

    void waitingTaskQueued() {
        waitingTasks++;
    }

    void waitingTaskDone() {
        waitingTasks--;
    }

    public WorkerQueue regionWorker() {
        return regionWorker;
    }

    public WorkerQueue splitChecker() {
        return splitChecker;
    }

    /** How many messages of each kind this incarnation handled, in {@link RaftMessage} order. */
    public long[] handledByKind() {
        return handled.clone();
    }

    SplitTracker tracker() {
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
