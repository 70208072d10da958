package shardsim.scenarios.versionskew.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import shardsim.core.blocks.RequestInbox;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.scenarios.versionskew.model.SkewProtocol.CloseShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.CreateTableOnShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.DropTableOnShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.GetTablesOfShards;
import shardsim.scenarios.versionskew.model.SkewProtocol.Heartbeat;
import shardsim.scenarios.versionskew.model.SkewProtocol.OpenShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.ShardEntry;
import shardsim.scenarios.versionskew.model.SkewProtocol.ShardResult;
import shardsim.scenarios.versionskew.model.SkewProtocol.TablesOfShard;
import shardsim.scenarios.versionskew.plan.SkewMode;

/**
 * A CeresDB / HoraeDB data node: the cluster layer's shards ({version, tables}, HoraeDB's
 * {@code ShardData}) over a table {@link Engine}. Both are volatile: after a restart the node holds
 * no shard until meta reopens it. It heartbeats its shard versions to meta. It never judges
 * itself: the checks read its shards and its engine from outside.
 */
public final class DataNode implements Node {
    /** One open shard, as the cluster layer holds it. */
    public static final class Shard {
        final int id;
        public long version;
        /** The version the shard was opened with on this node (meta's stored version then). */
        final long openedVersion;

        public final TreeSet<String> tables;

        Shard(int id, long version, List<String> tables) {
            this.id = id;
            this.version = version;
            this.openedVersion = version;
            this.tables = new TreeSet<>(tables);
        }

        public int id() {
            return id;
        }

        public long version() {
            return version;
        }

        public long openedVersion() {
            return openedVersion;
        }

        public boolean hasTable(String table) {
            return tables.contains(table);
        }

        /** The tables the shard lists, read-only. For checkers. */
        public java.util.Set<String> tables() {
            return Collections.unmodifiableSet(tables);
        }

        ShardInfo info() {
            return new ShardInfo(id, ShardRole.Leader, version);
        }
    }

    private final NodeContext ctx;
    /** The code this process runs: its row of the mode table. The node owns engineBeforeBump and its half of nodeDecidesVersion. */
    private final SkewMode mode;

    private final FaultSwitches faults;
    private final Timing timing;
    private final List<ShardView> initial;
    /** When the first incarnation's first heartbeat goes out; negative draws it from the seed. */
    private final long firstHeartbeatMicros;

    private final TreeMap<Integer, Shard> shards = new TreeMap<>();
    private final Engine engine;
    /** One run per gRPC request: the link's duplicates are dropped here (gRPC over HTTP/2 delivers a request once). */
    private final RequestInbox inbox = new RequestInbox();

    private final ShardLocks locks;
    /** The shard locks this incarnation holds and keeps alive. */
    private final TreeSet<Integer> locked = new TreeSet<>();
    /** Shards whose open waits for meta's view here. */
    private final TreeSet<Integer> opening = new TreeSet<>();

    public DataNode(
            NodeContext ctx, NodeSetup setup, SkewMode code, List<ShardView> initial, long firstHeartbeatMicros) {
        this.firstHeartbeatMicros = firstHeartbeatMicros;
        this.ctx = ctx;
        this.mode = code;
        this.faults = setup.faults();
        this.timing = setup.timing();
        this.initial = List.copyOf(initial);
        this.engine = new Engine(setup.storage());
        this.locks = setup.locks();
    }

    @Override
    public void onStart() {
        // The story starts with a running cluster: the first incarnation holds its shards already.
        for (ShardView v : initial) {
            shards.put(v.shardId(), new Shard(v.shardId(), v.version(), v.tables()));
            engine.open(v.shardId(), v.tables());
            locks.acquire(v.shardId(), ctx.name(), ctx.now());
            locked.add(v.shardId());
        }
        scheduleHeartbeat(
                firstHeartbeatMicros >= 0 ? firstHeartbeatMicros : ctx.random().between(1, timing.heartbeatMicros()));
        scheduleKeepAlive();
    }

    @Override
    public void onRecover() {
        scheduleHeartbeat(ctx.random().between(1, timing.heartbeatMicros()));
        scheduleKeepAlive();
    }

    /** Keeps the leases of the shard locks this incarnation holds alive; a stopped process stops, and its locks expire. */
    private void scheduleKeepAlive() {
        ctx.setTimer("shard lock keepalive", ShardLocks.KEEPALIVE_MICROS, () -> {
            for (int shardId : locked) {
                locks.keepAlive(shardId, ctx.name(), ctx.now());
            }
            scheduleKeepAlive();
        });
    }

    /** This node's open shard, or null. For checkers. */
    public Shard shard(int shardId) {
        return shards.get(shardId);
    }

    /** Whether an open of the shard waits for meta's view here. For coverage. */
    public boolean opening(int shardId) {
        return opening.contains(shardId);
    }

    /** The shards open here, by ascending id; a read-only view, not a copy, since C1 reads it after every event. For checkers. */
    public Collection<Shard> openShards() {
        return Collections.unmodifiableCollection(shards.values());
    }

    /** The node's table engine. For checkers. */
    public Engine engine() {
        return engine;
    }

    @Override
    public void onMessage(Envelope env) {
        if (!inbox.first(env)) {
            return;
        }
        if (env.message() instanceof CreateTableOnShard m) {
            onDdl(env, m.updateShardInfo(), m.table(), true);
        } else if (env.message() instanceof DropTableOnShard m) {
            onDdl(env, m.updateShardInfo(), m.table(), false);
        } else if (env.message() instanceof OpenShard m) {
            onOpen(env, m);
        } else if (env.message() instanceof CloseShard m) {
            onClose(env, m);
        } else {
            throw new IllegalStateException("unknown message for a data node: " + env.message());
        }
    }

    /**
     * CreateTableOnShard / DropTableOnShard. HoraeDB checks only that the shard is open here and
     * that the versions match ({@code handle_create_table_on_shard}, meta_event_service/mod.rs).
     */
    private void onDdl(Envelope env, UpdateShardInfo update, String table, boolean create) {
        String kind = create ? "CreateTableOnShard" : "DropTableOnShard";
        int shardId = update.currShardInfo().id();
        Shard s = shards.get(shardId);
        if (s == null) {
            answer(
                    env,
                    kind,
                    fail("shard not found when " + (create ? "creating" : "dropping") + " table on shard, shard "
                            + shardId));
            return;
        }
        if (mode.engineBeforeBump()) {
            engineFirst(env, kind, s, update, table, create);
        } else {
            registerFirst(env, kind, s, update, table, create);
        }
    }

    /**
     * After horaedb #1286 (cluster/src/shard_operator.rs at 642934ae): the engine acts, then
     * {@code try_create_table} / {@code try_drop_table} compare the version with the request's
     * current one, update the table list and {@code inc_shard_version}. A mismatch after the engine
     * acted leaves the engine holding a table the shard (and meta) never recorded.
     */
    private void engineFirst(Envelope env, String kind, Shard s, UpdateShardInfo update, String table, boolean create) {
        if (!engineOp(s.id, table, create)) {
            answer(env, kind, fail("engine failed to " + (create ? "create " : "drop ") + table));
            return;
        }
        long expect = VersionWire.expected(mode, update);
        if (s.version != expect) {
            answer(env, kind, fail(mismatch(s, expect)));
            return;
        }
        String listing = listingError(s, table, create);
        if (listing != null) {
            answer(env, kind, fail(listing));
            return;
        }
        long from = s.version;
        s.version = nextVersion(s, update);
        register(s, table, create);
        ctx.trace("shard " + s.id + " version " + from + " -> " + s.version + " (" + kind + " " + table + ")");
        answer(env, kind, new ShardResult(true, "", VersionWire.reported(mode, s.version)));
    }

    /**
     * Before horaedb #1286 (shard_operator.rs at 642934ae^): {@code try_insert_table} /
     * {@code try_remove_table} check {@code prev_version}, take the request's version and update
     * the table list, and only then does the engine act; an engine error leaves both moved.
     */
    private void registerFirst(
            Envelope env, String kind, Shard s, UpdateShardInfo update, String table, boolean create) {
        long expect = VersionWire.expected(mode, update);
        if (s.version != expect) {
            answer(env, kind, fail(mismatch(s, expect)));
            return;
        }
        String listing = listingError(s, table, create);
        if (listing != null) {
            answer(env, kind, fail(listing));
            return;
        }
        long from = s.version;
        s.version = nextVersion(s, update);
        register(s, table, create);
        ctx.trace("shard " + s.id + " version " + from + " -> " + s.version + " (" + kind + " " + table
                + ", before the engine)");
        if (!engineOp(s.id, table, create)) {
            answer(env, kind, fail("engine failed to " + (create ? "create " : "drop ") + table));
            return;
        }
        answer(env, kind, new ShardResult(true, "", VersionWire.reported(mode, s.version)));
    }

    /**
     * After the version check, in both codes ({@code try_insert_table} / {@code try_remove_table},
     * cluster/src/shard_set.rs at horaedb 642934ae and its parent): a create of a table the shard
     * lists, or a drop of one it does not, fails and moves nothing. Upstream compares table ids;
     * the model's table names are never reused for another table, so a name stands for its id.
     */
    private static String listingError(Shard s, String table, boolean create) {
        if (create && s.tables.contains(table)) {
            return "the table to insert has already existed, table " + table;
        }
        if (!create && !s.tables.contains(table)) {
            return "the table to remove is not found, table " + table;
        }
        return null;
    }

    private long nextVersion(Shard s, UpdateShardInfo update) {
        return VersionWire.next(mode, s.version, update);
    }

    private static void register(Shard s, String table, boolean create) {
        if (create) {
            s.tables.add(table);
        } else {
            s.tables.remove(table);
        }
    }

    /** The engine's create or drop, which an armed engine fault fails before it does anything. */
    private boolean engineOp(int shardId, String table, boolean create) {
        String what = (create ? "create " : "drop ") + table;
        if (ctx.random().chance(faults.engineFailureProbability(ctx.name()))) {
            ctx.probe(SkewProbes.ENGINE_FAILURE);
            ctx.trace("engine error on " + what);
            return false;
        }
        boolean held = engine.tables(shardId).contains(table);
        boolean done = create ? engine.create(shardId, table) : engine.drop(shardId, table);
        if (done && held == create) {
            ctx.trace("engine " + (create ? "returned the existing table on " : "held no table on ") + what);
        }
        return done;
    }

    private static String mismatch(Shard s, long expect) {
        return "Shard version mismatch, shard_info:" + s.info() + ", expect version:" + expect;
    }

    /**
     * {@code do_open_shard} (server/src/grpc/meta_event_service/mod.rs at horaedb 642934ae): the
     * node takes the shard's lock first ({@code acquire_shard_lock}; refused while another node
     * holds it), then {@code open_shard} (cluster/src/cluster_impl.rs, l.251-307 at 642934ae^,
     * unchanged by 642934ae): a copy already held at the requested version is kept; one at a higher
     * version refuses the open; otherwise the shard is rebuilt from meta's stored view, fetched
     * with {@code GetTablesOfShards}. The request's version is only compared, never taken. A second
     * open while one waits for meta's view is refused, as {@code Shard::open}'s {@code try_lock} of
     * the shard operator refuses it (cluster/src/shard_set.rs).
     */
    private void onOpen(Envelope env, OpenShard m) {
        int shardId = m.shard().id();
        if (m.incarnation() != ctx.incarnation()) {
            answer(
                    env,
                    "OpenShard",
                    fail("request for incarnation " + m.incarnation() + ", this is " + ctx.incarnation()));
            return;
        }
        if (opening.contains(shardId)) {
            answer(
                    env,
                    "OpenShard",
                    fail("Failed to get shard operator lock: shard " + shardId + " is already in opening"));
            return;
        }
        if (!locks.acquire(shardId, ctx.name(), ctx.now())) {
            answer(
                    env,
                    "OpenShard",
                    fail("fail to acquire shard lock, shard_id:" + shardId + ", held by "
                            + locks.holder(shardId, ctx.now())));
            return;
        }
        locked.add(shardId);
        Shard held = shards.get(shardId);
        if (held != null && held.version == m.shard().version()) {
            ctx.trace("No need to open the exactly same shard again, shard_info:" + m.shard());
            answer(env, "OpenShard", new ShardResult(true, "", held.version));
            return;
        }
        if (held != null && held.version > m.shard().version()) {
            answer(
                    env,
                    "OpenShard",
                    fail("open a shard with a smaller version, curr_shard_info:" + held.info() + ", new_shard_info:"
                            + m.shard()));
            return;
        }
        opening.add(shardId);
        ctx.call(
                MetaNode.NAME,
                new GetTablesOfShards(shardId),
                TablesOfShard.class,
                timing.rpcTimeoutMicros(),
                t -> {
                    opening.remove(shardId);
                    Shard opened = new Shard(shardId, t.shard().version(), t.tables());
                    shards.put(shardId, opened);
                    engine.open(shardId, t.tables());
                    ctx.trace("open shard " + t.shard() + " from meta's view (request " + m.shard() + "), tables "
                            + t.tables().size());
                    answer(env, "OpenShard", new ShardResult(true, "", opened.version));
                },
                () -> {
                    opening.remove(shardId);
                    answer(env, "OpenShard", fail("get tables of shard " + shardId + " from meta: rpc timeout"));
                });
    }

    /**
     * {@code do_close_shard} (mod.rs at 642934ae): a shard not open here fails the close ("shard
     * not found when closing shard"); otherwise its tables are closed, it leaves the shard set and
     * its lock is released.
     */
    private void onClose(Envelope env, CloseShard m) {
        if (m.incarnation() != ctx.incarnation()) {
            answer(
                    env,
                    "CloseShard",
                    fail("request for incarnation " + m.incarnation() + ", this is " + ctx.incarnation()));
            return;
        }
        Shard s = shards.remove(m.shardId());
        if (s == null) {
            answer(env, "CloseShard", fail("shard not found when closing shard, shard_id:" + m.shardId()));
            return;
        }
        engine.close(m.shardId());
        locks.release(m.shardId(), ctx.name());
        locked.remove(m.shardId());
        ctx.trace("close shard " + m.shardId() + " at version " + s.version + ", lock released");
        answer(env, "CloseShard", new ShardResult(true, "", s.version));
    }

    private void answer(Envelope env, String kind, ShardResult result) {
        if (faults.takeDropResponse(ctx.name(), kind)) {
            ctx.probe(SkewProbes.RESPONSE_DROPPED);
            return;
        }
        ctx.reply(env, result);
    }

    private static ShardResult fail(String error) {
        return new ShardResult(false, error, VersionWire.ABSENT);
    }

    private void scheduleHeartbeat(long delayMicros) {
        ctx.setTimer("heartbeat", delayMicros, () -> {
            List<ShardEntry> entries = new ArrayList<>(shards.size());
            for (Shard s : shards.values()) {
                entries.add(new ShardEntry(s.info()));
            }
            ctx.send(MetaNode.NAME, new Heartbeat(ctx.name(), ctx.incarnation(), entries));
            long lateMicros = faults.heartbeatDelayMicros(ctx.name());
            if (lateMicros > 0) {
                ctx.probe(SkewProbes.HEARTBEAT_DELAYED);
            }
            scheduleHeartbeat(timing.heartbeatMicros() + lateMicros);
        });
    }
}
