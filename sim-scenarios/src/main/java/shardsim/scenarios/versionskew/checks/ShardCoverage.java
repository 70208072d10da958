package shardsim.scenarios.versionskew.checks;

import java.util.List;
import java.util.Set;
import shardsim.core.check.SimView;
import shardsim.core.coverage.Abstraction;
import shardsim.core.coverage.Dimension;
import shardsim.core.coverage.StateSpace;
import shardsim.core.node.Disk;
import shardsim.scenarios.versionskew.model.DataNode;
import shardsim.scenarios.versionskew.model.Engine;
import shardsim.scenarios.versionskew.model.MetaNode;
import shardsim.scenarios.versionskew.model.ShardLocks;
import shardsim.scenarios.versionskew.model.ShardView;
import shardsim.scenarios.versionskew.plan.World;

/**
 * version-skew's abstraction of a shard, for state coverage: how meta's stored version stands to
 * the version of the copy on the leader meta names (the lag C1 and C2 judge, bucketed; or why there
 * is none: opening, another node holding the shard's lock, not open, the node down), which
 * ceresmeta procedure holds the shard, and whether the leader's engine holds the tables meta's view
 * lists (C4 and C5). It reads meta's disk and the nodes from outside, as the checks do, and only
 * once every node has booted, so the boot's half-added cluster is no state of its own.
 */
public final class ShardCoverage implements Abstraction {
    static final Dimension LEADER_SHARD = Dimension.of(
            "leaderShard",
            "meta-ahead",
            "equal",
            "meta-behind-1",
            "meta-behind-2+",
            "opening",
            "lock-elsewhere",
            "not-open",
            "node-down");
    /** ceresmeta's procedure kinds that hold a shard in this model; meta-down: meta's volatile procedures are gone. */
    static final Dimension PROCEDURE =
            Dimension.of("procedure", "none", "CreateTable", "DropTable", "TransferLeader", "meta-down");
    /** "-" while the leader meta names holds no copy. */
    static final Dimension TABLES = Dimension.of("tables", "-", "agree", "engine-extra", "meta-extra");

    static final StateSpace SPACE = StateSpace.of("shard", LEADER_SHARD, PROCEDURE, TABLES);

    private static final int META_AHEAD = 0;
    private static final int EQUAL = 1;
    private static final int BEHIND_1 = 2;
    private static final int BEHIND_2 = 3;
    private static final int OPENING = 4;
    private static final int LOCK_ELSEWHERE = 5;
    private static final int NOT_OPEN = 6;
    private static final int NODE_DOWN = 7;
    private static final int NO_TABLES = 0;
    private static final int AGREE = 1;
    private static final int ENGINE_EXTRA = 2;
    private static final int META_EXTRA = 3;

    private final SimView sim;
    private final ShardLocks locks;
    private final List<String> nodes;
    private final int[] shardIds;
    private final String[] keys;
    private boolean booted;
    // Meta's views, re-read only after its disk's version moved; and per shard the last table comparison and what it
    // compared.
    private long metaVersion = Long.MIN_VALUE;
    private final ShardView[] views;
    private final ShardView[] comparedView;
    private final Engine[] comparedEngine;
    private final long[] comparedChanges;
    private final int[] compared;

    public ShardCoverage(SimView sim, World world, ShardLocks locks) {
        this.sim = sim;
        this.locks = locks;
        this.nodes = world.nodes();
        List<Integer> ids = world.layout().shardIds();
        this.shardIds = new int[ids.size()];
        this.keys = new String[ids.size()];
        for (int i = 0; i < shardIds.length; i++) {
            shardIds[i] = ids.get(i);
            keys[i] = ShardView.key(shardIds[i]);
        }
        this.views = new ShardView[shardIds.length];
        this.comparedView = new ShardView[shardIds.length];
        this.comparedEngine = new Engine[shardIds.length];
        this.comparedChanges = new long[shardIds.length];
        this.compared = new int[shardIds.length];
    }

    @Override
    public StateSpace space() {
        return SPACE;
    }

    @Override
    public void sample(Sink sink) {
        if (!booted && !(booted = everyNodeUp())) {
            return;
        }
        Disk metaDisk = sim.disk(MetaNode.NAME);
        if (metaDisk.version() != metaVersion) {
            metaVersion = metaDisk.version();
            for (int i = 0; i < shardIds.length; i++) {
                views[i] = metaDisk.get(keys[i], ShardView.class).orElse(null);
            }
        }
        MetaNode meta = sim.node(MetaNode.NAME, MetaNode.class);
        for (int i = 0; i < shardIds.length; i++) {
            ShardView v = views[i];
            if (v == null) {
                continue;
            }
            DataNode leader = sim.node(v.leader(), DataNode.class);
            DataNode.Shard s = leader == null ? null : leader.shard(v.shardId());
            int copy;
            int tables = NO_TABLES;
            if (leader == null) {
                copy = NODE_DOWN;
            } else if (s == null) {
                String holder = locks.holder(v.shardId(), sim.now());
                copy = leader.opening(v.shardId())
                        ? OPENING
                        : holder != null && !holder.equals(v.leader()) ? LOCK_ELSEWHERE : NOT_OPEN;
            } else {
                long lag = s.version() - v.version();
                copy = lag < 0 ? META_AHEAD : lag == 0 ? EQUAL : lag == 1 ? BEHIND_1 : BEHIND_2;
                tables = tables(i, v, leader.engine());
            }
            int procedure;
            if (meta == null) {
                procedure = PROCEDURE.indexOf("meta-down");
            } else {
                String kind = meta.procedureKind(v.shardId());
                procedure = kind == null ? 0 : PROCEDURE.indexOf(kind);
            }
            sink.state(v.shardId(), SPACE.encode(copy, procedure, tables));
        }
    }

    /** The comparison of the engine's tables with meta's view, redone only when either changed. */
    private int tables(int i, ShardView v, Engine engine) {
        if (comparedView[i] != v || comparedEngine[i] != engine || comparedChanges[i] != engine.changes()) {
            comparedView[i] = v;
            comparedEngine[i] = engine;
            comparedChanges[i] = engine.changes();
            compared[i] = tables(engine.tables(v.shardId()), v.tables());
        }
        return compared[i];
    }

    /** An orphan in the engine (C5) counts before a table meta lists and the engine lacks (C4). */
    private static int tables(Set<String> engine, List<String> meta) {
        for (String t : engine) {
            if (!meta.contains(t)) {
                return ENGINE_EXTRA;
            }
        }
        return engine.size() == meta.size() ? AGREE : META_EXTRA;
    }

    private boolean everyNodeUp() {
        for (String n : nodes) {
            if (!sim.isUp(n)) {
                return false;
            }
        }
        return true;
    }
}
