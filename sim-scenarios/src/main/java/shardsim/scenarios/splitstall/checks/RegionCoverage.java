package shardsim.scenarios.splitstall.checks;

import java.util.List;
import java.util.Optional;
import shardsim.core.check.SimView;
import shardsim.core.coverage.Abstraction;
import shardsim.core.coverage.Dimension;
import shardsim.core.coverage.StateSpace;
import shardsim.core.worker.TaskView;
import shardsim.core.worker.WorkerQueue;
import shardsim.scenarios.splitstall.model.RecoverSplitTask;
import shardsim.scenarios.splitstall.model.RegionPeer;
import shardsim.scenarios.splitstall.model.ShardMeta;
import shardsim.scenarios.splitstall.model.SplitDriver;
import shardsim.scenarios.splitstall.model.SplitStage;
import shardsim.scenarios.splitstall.model.Store;

/**
 * split-stall's abstraction of a region, for state coverage: the split stage of the persisted shard
 * meta and of the engine on the peer that leads (or, while none does, the up peer of the highest
 * term), whether a leader change is in flight, and the furthest a split recovery ({@code
 * taskTypeRecoverSplit}) of the region has got on any store. The report's stall is a new leader in
 * meta stage PRE_SPLIT, engine stage PRE_SPLIT, with its recovery holding the region worker
 * waiting for the flush. It reads the stores from outside, as the checks do.
 */
public final class RegionCoverage implements Abstraction {
    /** unistore's {@code enginepb.SplitStage} of the persisted shard meta. */
    static final Dimension META_STAGE = stages("metaStage", false);
    /** The engine's stage, or previous-epoch while the engine has not applied the finished split the meta has. */
    static final Dimension ENGINE_STAGE = stages("engineStage", true);
    /** stable: one up peer leads at the highest term any up peer has; changing: none does (an election or a transfer). */
    static final Dimension LEADER = Dimension.of("leader", "stable", "changing");
    /**
     * The furthest a recovery of the region has got on any up store: a watcher waiting to queue it
     * (the fix), queued on the region worker (or held by a blocked submitter), running, or holding the
     * region worker waiting for its condition (engine stage at least PRE_SPLIT_FLUSH_DONE).
     */
    static final Dimension RECOVER_SPLIT =
            Dimension.of("recoverSplit", "none", "watching", "queued", "running", "waiting");

    static final StateSpace SPACE = StateSpace.of("region", META_STAGE, ENGINE_STAGE, LEADER, RECOVER_SPLIT);

    private static final int WATCHING = 1;
    private static final int QUEUED = 2;
    private static final int RUNNING = 3;
    private static final int WAITING = 4;
    private static final int PREVIOUS_EPOCH = SplitStage.values().length;

    private final SimView sim;
    private final List<String> stores;
    private final long[] regionIds;
    // Per store, what its region worker holds of each region's recovery, recomputed only after a worker changed.
    private long workerChanges = Long.MIN_VALUE;
    private final Store[] seen;
    private final int[][] onWorker;
    /**
     * Per store instance seen, its peers in the order of {@link #regionIds} (null while it has none):
     * a store makes all its peers at boot and keeps them, so they are looked up once per instance.
     */
    private final RegionPeer[][] peersOf;

    public RegionCoverage(SimView sim, List<String> stores, List<Long> regionIds) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.regionIds = regionIds.stream().mapToLong(Long::longValue).toArray();
        this.seen = new Store[this.stores.size()];
        this.onWorker = new int[this.stores.size()][this.regionIds.length];
        this.peersOf = new RegionPeer[this.stores.size()][];
    }

    private static Dimension stages(String name, boolean previousEpoch) {
        SplitStage[] all = SplitStage.values();
        String[] values = new String[all.length + (previousEpoch ? 1 : 0)];
        for (int i = 0; i < all.length; i++) {
            values[i] = all[i].name();
        }
        if (previousEpoch) {
            values[all.length] = "previous-epoch";
        }
        return Dimension.of(name, values);
    }

    @Override
    public StateSpace space() {
        return SPACE;
    }

    @Override
    public void sample(Sink sink) {
        boolean workersMoved = sim.workerChanges() != workerChanges;
        workerChanges = sim.workerChanges();
        for (int k = 0; k < seen.length; k++) {
            Store store = sim.node(stores.get(k), Store.class);
            if (store != null && (workersMoved || store != seen[k])) {
                readWorker(store, onWorker[k]);
            }
            if (store != seen[k] || (store != null && peersOf[k] == null)) {
                peersOf[k] = peersOf(store);
            }
            seen[k] = store;
        }
        for (int i = 0; i < regionIds.length; i++) {
            long regionId = regionIds[i];
            RegionPeer ref = null;
            boolean refLeads = false;
            long maxTerm = -1;
            int recovery = 0;
            for (int k = 0; k < seen.length; k++) {
                if (peersOf[k] == null) {
                    continue;
                }
                RegionPeer p = peersOf[k][i];
                long term = p.raft().term();
                maxTerm = Math.max(maxTerm, term);
                boolean leads = p.raft().isLeader();
                if (ref == null
                        || (leads && (!refLeads || term > ref.raft().term()))
                        || (!leads && !refLeads && term > ref.raft().term())) {
                    ref = p;
                    refLeads = leads;
                }
                recovery = Math.max(recovery, Math.max(onWorker[k][i], p.split().watchingRecovery() ? WATCHING : 0));
            }
            if (ref == null) {
                continue;
            }
            SplitDriver split = ref.split();
            ShardMeta meta = split.meta();
            int engine = split.engineVer() < meta.shardVer()
                    ? PREVIOUS_EPOCH
                    : split.engineStage().ordinal();
            int leader = refLeads && ref.raft().term() == maxTerm ? 0 : 1;
            sink.state(regionId, SPACE.encode(meta.splitStage().ordinal(), engine, leader, recovery));
        }
    }

    private RegionPeer[] peersOf(Store store) {
        if (store == null || store.peers().isEmpty()) {
            return null;
        }
        RegionPeer[] out = new RegionPeer[regionIds.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = store.peer(regionIds[i]);
        }
        return out;
    }

    /** One pass over the store's region worker: per region, the furthest its recovery got there (0 when none is on it). */
    private void readWorker(Store store, int[] out) {
        java.util.Arrays.fill(out, 0);
        WorkerQueue worker = store.regionWorker();
        Optional<TaskView> cur = worker.current();
        if (cur.isPresent()) {
            mark(out, cur.get(), cur.get().waiting() ? WAITING : RUNNING);
        }
        List<TaskView> queued = worker.queued();
        for (int j = 0; j < queued.size(); j++) {
            mark(out, queued.get(j), QUEUED);
        }
        List<TaskView> held = worker.held();
        for (int j = 0; j < held.size(); j++) {
            mark(out, held.get(j), QUEUED);
        }
    }

    private void mark(int[] out, TaskView t, int how) {
        if (t.tag() instanceof RecoverSplitTask r) {
            for (int i = 0; i < regionIds.length; i++) {
                if (regionIds[i] == r.regionId()) {
                    out[i] = Math.max(out[i], how);
                }
            }
        }
    }
}
