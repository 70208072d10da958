package shardsim.scenarios.versionskew;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.scenarios.versionskew.VersionSkewProtocol.CloseShard;
import shardsim.scenarios.versionskew.VersionSkewProtocol.CreateTableOnShard;
import shardsim.scenarios.versionskew.VersionSkewProtocol.DropTableOnShard;
import shardsim.scenarios.versionskew.VersionSkewProtocol.Heartbeat;
import shardsim.scenarios.versionskew.VersionSkewProtocol.OpenShard;
import shardsim.scenarios.versionskew.VersionSkewProtocol.ShardEntry;
import shardsim.scenarios.versionskew.VersionSkewProtocol.ShardResult;

/**
 * A CeresDB / HoraeDB data node. Its shards ({version, role, tables}) are volatile: after a restart
 * it holds none until meta reopens them from its own view. It heartbeats its shard versions to meta.
 */
public final class DataNode implements Node {
    /** One open shard. */
    public static final class Shard {
        final int id;
        long version;
        final long openId;
        final TreeSet<String> tables;

        Shard(int id, long version, long openId, List<String> tables) {
            this.id = id;
            this.version = version;
            this.openId = openId;
            this.tables = new TreeSet<>(tables);
        }

        public long version() {
            return version;
        }

        public long openId() {
            return openId;
        }

        public boolean hasTable(String table) {
            return tables.contains(table);
        }

        ShardInfo info() {
            return new ShardInfo(id, ShardRole.Leader, version);
        }
    }

    private final NodeContext ctx;
    private final FixParts fix;
    private final FaultSwitches faults;
    private final Timing timing;
    private final List<ShardView> initial;
    /** When the first incarnation's first heartbeat goes out; negative draws it from the seed. */
    private final long firstHeartbeatMicros;
    private final TreeMap<Integer, Shard> shards = new TreeMap<>();
    /** Highest assignment seen per shard in this incarnation, kept after a close to refuse late opens. */
    private final TreeMap<Integer, Long> maxOpenId = new TreeMap<>();

    public DataNode(NodeContext ctx, NodeSetup setup, List<ShardView> initial, long firstHeartbeatMicros) {
        this.firstHeartbeatMicros = firstHeartbeatMicros;
        this.ctx = ctx;
        this.fix = setup.fix();
        this.faults = setup.faults();
        this.timing = setup.timing();
        this.initial = List.copyOf(initial);
    }

    @Override
    public void onStart() {
        // The story starts with a running cluster: the first incarnation holds its shards already.
        for (ShardView v : initial) {
            shards.put(v.shardId(), new Shard(v.shardId(), v.version(), v.openId(), v.tables()));
            maxOpenId.put(v.shardId(), v.openId());
        }
        scheduleHeartbeat(firstHeartbeatMicros >= 0 ? firstHeartbeatMicros : ctx.random().between(1, timing.heartbeatMicros()));
    }

    @Override
    public void onRecover() {
        scheduleHeartbeat(ctx.random().between(1, timing.heartbeatMicros()));
    }

    /** This node's open shard, or null. For checkers. */
    public Shard shard(int shardId) {
        return shards.get(shardId);
    }

    @Override
    public void onMessage(Envelope env) {
        if (env.message() instanceof CreateTableOnShard m) {
            onDdl(env, m.updateShardInfo(), m.table(), m.openId(), m.incarnation(), true);
        } else if (env.message() instanceof DropTableOnShard m) {
            onDdl(env, m.updateShardInfo(), m.table(), m.openId(), m.incarnation(), false);
        } else if (env.message() instanceof OpenShard m) {
            onOpen(env, m);
        } else if (env.message() instanceof CloseShard m) {
            onClose(m);
        } else {
            throw new IllegalStateException("unknown message for a data node: " + env.message());
        }
    }

    private void onDdl(Envelope env, UpdateShardInfo update, String table, long openId, int incarnation, boolean create) {
        String kind = create ? "CreateTableOnShard" : "DropTableOnShard";
        int shardId = update.currShardInfo().id();
        Shard s = shards.get(shardId);
        if (incarnation != ctx.incarnation()) {
            answer(env, kind, fail("request for incarnation " + incarnation + ", this is " + ctx.incarnation()));
            return;
        }
        if (s == null || s.openId != openId) {
            answer(env, kind, fail("shard " + shardId + " not opened (assignment " + openId + ")"));
            return;
        }
        if (!create && !s.tables.contains(table)) {
            answer(env, kind, fail("table " + table + " not found on shard " + shardId));
            return;
        }
        if (fix.engineBeforeBump()) {
            if (!engineOk(kind, table)) {
                answer(env, kind, fail("engine failed to " + (create ? "create " : "drop ") + table));
                return;
            }
            if (s.version != update.prevVersion()) {
                answer(env, kind, fail(mismatch(s, update)));
                return;
            }
            long from = s.version;
            s.version = nextVersion(s, update);
            auditStep(s, from, "successful " + kind + " " + table);
            register(s, table, create);
            answer(env, kind, new ShardResult(true, "", s.version));
        } else {
            if (s.version != update.prevVersion()) {
                answer(env, kind, fail(mismatch(s, update)));
                return;
            }
            // The reported order: version and table registry move before the engine has acted.
            long from = s.version;
            s.version = nextVersion(s, update);
            register(s, table, create);
            if (!engineOk(kind, table)) {
                ctx.trace("shard " + shardId + " kept version " + s.version + " after a failed " + kind + " " + table);
                ctx.violation("C1", "shard " + shardId + " on " + ctx.name() + " moved " + from + " -> " + s.version + " for a " + kind + " the engine failed");
                answer(env, kind, fail("engine failed to " + (create ? "create " : "drop ") + table));
                return;
            }
            auditStep(s, from, kind + " " + table);
            answer(env, kind, new ShardResult(true, "", s.version));
        }
    }

    private long nextVersion(Shard s, UpdateShardInfo update) {
        return fix.nodeDecidesVersion() ? s.version + 1 : update.currShardInfo().version();
    }

    private void register(Shard s, String table, boolean create) {
        if (create) {
            s.tables.add(table);
        } else {
            s.tables.remove(table);
        }
    }

    private boolean engineOk(String kind, String table) {
        boolean failed = ctx.random().chance(faults.engineFailureProbability(ctx.name()));
        if (failed) {
            ctx.trace("engine error on " + kind + " " + table);
        }
        return !failed;
    }

    private static String mismatch(Shard s, UpdateShardInfo update) {
        return "Shard version mismatch, shard_info:" + s.info() + ", expect version:" + update.prevVersion();
    }

    /** C1, second half: a DDL moves the version by exactly one. */
    private void auditStep(Shard s, long from, String why) {
        ctx.trace("shard " + s.id + " version " + from + " -> " + s.version + " (" + why + ")");
        if (s.version != from + 1) {
            ctx.violation("C1", "shard " + s.id + " on " + ctx.name() + " moved " + from + " -> " + s.version + " on " + why);
        }
    }

    private void onOpen(Envelope env, OpenShard m) {
        int shardId = m.shard().id();
        if (m.incarnation() != ctx.incarnation()) {
            answer(env, "OpenShard", fail("request for incarnation " + m.incarnation() + ", this is " + ctx.incarnation()));
            return;
        }
        long seen = maxOpenId.getOrDefault(shardId, 0L);
        Shard s = shards.get(shardId);
        if (m.openId() < seen) {
            answer(env, "OpenShard", fail("stale open of shard " + shardId + " (assignment " + m.openId() + " < " + seen + ")"));
            return;
        }
        if (m.openId() == seen && s != null && s.openId == seen) {
            // A duplicate of the open that made the current assignment: already open, nothing to redo.
            answer(env, "OpenShard", new ShardResult(true, "", s.version));
            return;
        }
        maxOpenId.put(shardId, m.openId());
        Shard opened = new Shard(shardId, m.shard().version(), m.openId(), m.tables());
        shards.put(shardId, opened);
        ctx.trace("open shard " + m.shard() + " assignment " + m.openId() + " tables " + m.tables().size());
        answer(env, "OpenShard", new ShardResult(true, "", opened.version));
    }

    private void onClose(CloseShard m) {
        if (m.incarnation() != ctx.incarnation()) {
            return;
        }
        Shard s = shards.get(m.shardId());
        if (s != null && s.openId <= m.openId()) {
            shards.remove(m.shardId());
            ctx.trace("close shard " + m.shardId() + " assignment " + s.openId);
        }
    }

    private void answer(Envelope env, String kind, ShardResult result) {
        if (faults.takeDropResponse(ctx.name(), kind)) {
            return;
        }
        ctx.reply(env, result);
    }

    private static ShardResult fail(String error) {
        return new ShardResult(false, error, -1);
    }

    private void scheduleHeartbeat(long delayMicros) {
        ctx.setTimer("heartbeat", delayMicros, () -> {
            List<ShardEntry> entries = new ArrayList<>(shards.size());
            for (Shard s : shards.values()) {
                entries.add(new ShardEntry(s.info(), s.openId));
            }
            ctx.send(MetaNode.NAME, new Heartbeat(ctx.name(), ctx.incarnation(), entries));
            scheduleHeartbeat(timing.heartbeatMicros() + faults.heartbeatDelayMicros(ctx.name()));
        });
    }
}
