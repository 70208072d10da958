package shardsim.scenarios.versionskew.model;

import java.util.List;
import java.util.function.Function;
import shardsim.core.node.NodeContext;
import shardsim.core.run.Driver;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Actor;
import shardsim.core.workload.Operation;
import shardsim.scenarios.versionskew.plan.Layout;
import shardsim.scenarios.versionskew.plan.SkewMode;
import shardsim.scenarios.versionskew.plan.SkewOperation;
import shardsim.scenarios.versionskew.plan.World;

/**
 * Meta, the data nodes and the client inside a simulation: adds them, then performs the
 * workload's requests through the client. Tests read meta's and the leaders' versions
 * through it while they drive a run step by step.
 */
public final class SkewCluster implements Driver {
    private final Simulation sim;
    private final Layout layout;
    private final Timing timing;
    private final ShardStorage storage = new ShardStorage();
    private final ShardLocks locks = new ShardLocks();

    /**
     * Adds meta, the data nodes of {@code world} and the client. Each incarnation of meta and of a
     * data node runs the code {@code codeOf} gives for its context: its own row of the mode table.
     */
    public SkewCluster(Simulation sim, World world, Function<NodeContext, SkewMode> codeOf, Timing timing) {
        this.sim = sim;
        this.layout = world.layout();
        this.timing = timing;
        FaultSwitches switches = new FaultSwitches(sim);
        sim.faults().onFault(switches::apply);
        for (ShardView v : layout.shards()) {
            for (String t : v.tables()) {
                storage.add(v.shardId(), t);
            }
        }
        NodeSetup setup = new NodeSetup(switches, timing, storage, locks);
        sim.nodes().add(MetaNode.NAME, ctx -> new MetaNode(ctx, setup, codeOf.apply(ctx), layout.shards()));
        for (String node : layout.dataNodes()) {
            List<ShardView> mine = layout.ledBy(node);
            sim.nodes()
                    .add(node, ctx -> new DataNode(ctx, setup, codeOf.apply(ctx), mine, world.firstHeartbeatMicros()));
        }
        sim.nodes()
                .add(
                        ClientDriver.NAME,
                        ctx -> new ClientDriver(ctx, sim.record().metrics(), timing, codeOf.apply(ctx)),
                        false);
    }

    /** Sends C3's probes: one CREATE TABLE on every shard (the client follows each success with a DROP of that table). */
    public void probeEveryShard() {
        ClientDriver client = sim.nodes().node(ClientDriver.NAME, ClientDriver.class);
        for (int id : layout.shardIds()) {
            client.probe(id);
        }
    }

    /** Performs one client request; one on a shard this world does not have is skipped with a note. */
    @Override
    public void perform(Operation operation) {
        if (!(operation instanceof SkewOperation op)) {
            throw new IllegalStateException("unknown operation for version-skew: " + operation);
        }
        if (!layout.shardIds().contains(op.shardId())) {
            sim.record()
                    .note(
                            Actor.node(ClientDriver.NAME),
                            "skipped " + op + ": shard " + op.shardId() + " does not exist in this world");
            return;
        }
        ClientDriver client = sim.nodes().node(ClientDriver.NAME, ClientDriver.class);
        if (op instanceof SkewOperation.CreateTable c) {
            client.create(c.shardId(), c.table());
        } else if (op instanceof SkewOperation.DropTable d) {
            client.drop(d.shardId(), d.table());
        } else {
            throw new IllegalStateException("unknown operation for version-skew: " + operation);
        }
    }

    /** The shards' shared storage. For checkers. */
    public ShardStorage storage() {
        return storage;
    }

    /** The shard locks in etcd. For checkers and coverage. */
    public ShardLocks locks() {
        return locks;
    }

    public Timing timing() {
        return timing;
    }

    public Layout layout() {
        return layout;
    }

    /** Meta's durable version of a shard. */
    public long metaVersion(int shardId) {
        return sim.nodes()
                .disk(MetaNode.NAME)
                .get(ShardView.key(shardId), ShardView.class)
                .orElseThrow()
                .version();
    }

    /** The data node meta's durable view names as the shard's leader. */
    public String metaViewLeader(int shardId) {
        return sim.nodes()
                .disk(MetaNode.NAME)
                .get(ShardView.key(shardId), ShardView.class)
                .orElseThrow()
                .leader();
    }

    /** The version of the shard on the node meta names as leader, or -1 if it is not open there. */
    public long leaderVersion(int shardId) {
        ShardView v = sim.nodes()
                .disk(MetaNode.NAME)
                .get(ShardView.key(shardId), ShardView.class)
                .orElseThrow();
        DataNode node = sim.nodes().node(v.leader(), DataNode.class);
        DataNode.Shard s = node == null ? null : node.shard(shardId);
        return s == null ? -1 : s.version();
    }
}
