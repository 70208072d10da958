package shardsim.scenarios.splitstall.model;

import shardsim.core.node.NodeContext;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * The peer of one region on one store: its Raft replica and its split driver, joined only through
 * {@link Replica} (driver to replica) and {@link RaftReplica.Listener} (replica to driver).
 */
public final class RegionPeer {
    final long regionId;
    private final RaftReplica raft;
    private final SplitDriver split;

    RegionPeer(Store store, NodeContext ctx, StoreConfig cfg, SplitMode mode, long regionId, int stores) {
        this.regionId = regionId;
        this.raft = new RaftReplica(store, ctx, cfg, regionId, stores);
        this.split = new SplitDriver(store, ctx, cfg, mode, regionId, raft);
    }

    void boot(RegionSpec spec, boolean recover) {
        raft.load(spec);
        split.load(spec);
        raft.start(spec, recover, split.applied(), split);
    }

    public RaftReplica raft() {
        return raft;
    }

    public SplitDriver split() {
        return split;
    }
}
