package shardsim.scenarios.versionskew.model;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import shardsim.core.blocks.RequestInbox;
import shardsim.core.node.Disk;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.scenarios.versionskew.model.SkewProtocol.CloseShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.CreateTable;
import shardsim.scenarios.versionskew.model.SkewProtocol.CreateTableOnShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.DdlResult;
import shardsim.scenarios.versionskew.model.SkewProtocol.DropTable;
import shardsim.scenarios.versionskew.model.SkewProtocol.DropTableOnShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.GetTablesOfShards;
import shardsim.scenarios.versionskew.model.SkewProtocol.Heartbeat;
import shardsim.scenarios.versionskew.model.SkewProtocol.OpenShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.ShardEntry;
import shardsim.scenarios.versionskew.model.SkewProtocol.ShardResult;
import shardsim.scenarios.versionskew.model.SkewProtocol.TablesOfShard;
import shardsim.scenarios.versionskew.plan.SkewMode;
import shardsim.scenarios.versionskew.plan.SkewWindows;

/**
 * ceresmeta: durable shard views and table metadata, at most one procedure per shard (create
 * table, drop table, open shard, transfer leader) with the others waiting behind it, and the
 * heartbeat handler. Procedures abort on an error or a timeout and meta never retries them, as in
 * the report; only the heartbeat (in the fixed modes) repairs a lag, and only a client that sends
 * its CREATE TABLE again retries one.
 */
public final class MetaNode implements Node {
    public static final String NAME = "meta";

    private final NodeContext ctx;
    /** The code this process runs: its row of the mode table. Meta owns the heartbeat repair and its half of nodeDecidesVersion. */
    private final SkewMode mode;

    private final FaultSwitches faults;
    private final Timing timing;
    private final List<ShardView> initial;
    /** Running procedure per shard; volatile, so a crash releases every lock. */
    private final TreeMap<Integer, String> procedures = new TreeMap<>();
    /** Procedures waiting for their shard's lock, per shard in submit order; volatile. */
    private final ProcedureQueue waiting;
    /** One run per gRPC request: the link's duplicates are dropped here (gRPC over HTTP/2 delivers a request once). */
    private final RequestInbox inbox = new RequestInbox();
    /**
     * The shard ids each node listed in its last heartbeat: ceresmeta's in-memory
     * {@code registeredNodesCache}, empty after a (re)start.
     */
    private final TreeMap<String, List<Integer>> registered = new TreeMap<>();

    public MetaNode(NodeContext ctx, NodeSetup setup, SkewMode code, List<ShardView> initial) {
        this.ctx = ctx;
        this.mode = code;
        this.faults = setup.faults();
        this.timing = setup.timing();
        this.initial = List.copyOf(initial);
        this.waiting = new ProcedureQueue(ctx, this::running, this::currentVersion);
    }

    @Override
    public void onStart() {
        Disk disk = ctx.disk();
        for (ShardView v : initial) {
            disk.put(ShardView.key(v.shardId()), v);
            for (String t : v.tables()) {
                disk.put(TableMetadata.key(t), new TableMetadata(t, v.shardId()));
            }
        }
        disk.flush();
    }

    @Override
    public void onRecover() {
        ctx.trace("recovered " + initial.size() + " shard views from storage");
    }

    /** Whether a procedure holds the shard or waits for it. For checkers. */
    public boolean busy(int shardId) {
        return procedures.containsKey(shardId) || waiting.has(shardId);
    }

    private boolean running(int shardId) {
        return procedures.containsKey(shardId);
    }

    private long currentVersion(int shardId) {
        return view(shardId).version();
    }

    /**
     * The kind of the procedure holding the shard, by the name of ceresmeta's {@code procedure.Kind}
     * (server/coordinator/procedure/procedure.go at apache/incubator-horaedb-meta 97b601e), or null
     * when none does. A reopen is a {@code TransferLeader} there too: {@code AssignShardScheduler}
     * opens a shard without a node through {@code CreateTransferLeaderProcedure} with no old leader
     * (server/coordinator/scheduler/assign_shard_scheduler.go at b419842). For coverage.
     */
    public String procedureKind(int shardId) {
        String what = procedures.get(shardId);
        if (what == null) {
            return null;
        }
        return what.startsWith("create table ")
                ? "CreateTable"
                : what.startsWith("drop table ") ? "DropTable" : "TransferLeader";
    }

    @Override
    public void onMessage(Envelope env) {
        if (!inbox.first(env)) {
            return;
        }
        if (env.message() instanceof CreateTable m) {
            startDdl(env, m.shardId(), m.table(), true);
        } else if (env.message() instanceof DropTable m) {
            startDdl(env, m.shardId(), m.table(), false);
        } else if (env.message() instanceof Heartbeat m) {
            onHeartbeat(m);
        } else if (env.message() instanceof GetTablesOfShards m) {
            ShardView v = view(m.shardId());
            ctx.reply(env, new TablesOfShard(new ShardInfo(v.shardId(), ShardRole.Leader, v.version()), v.tables()));
        } else {
            throw new IllegalStateException("unknown message for meta: " + env.message());
        }
    }

    private ShardView view(int shardId) {
        return ctx.disk()
                .get(ShardView.key(shardId), ShardView.class)
                .orElseThrow(() -> new IllegalStateException("no view of shard " + shardId));
    }

    private boolean knows(int shardId) {
        return ctx.disk().get(ShardView.key(shardId), ShardView.class).isPresent();
    }

    private void persist(ShardView v) {
        ctx.disk().putDurable(ShardView.key(v.shardId()), v);
    }

    private int incarnation(String node) {
        return ctx.disk().get("node/" + node, Integer.class).orElse(0);
    }

    /**
     * A client's CREATE / DROP TABLE becomes a procedure on the shard, submitted to the procedure
     * manager: it runs at once if the shard is free, else waits behind the shard's lock
     * ({@link ProcedureQueue}). Its version is the shard's when it was made.
     */
    private void startDdl(Envelope env, int shardId, String table, boolean create) {
        if (!knows(shardId)) {
            ctx.reply(env, new DdlResult(false, "shard " + shardId + " not found"));
            return;
        }
        String what = (create ? "create table " : "drop table ") + table + " on shard " + shardId;
        waiting.submit(shardId, what, view(shardId).version(), () -> {
            if (create) {
                runCreate(env, shardId, table, what);
            } else {
                runDrop(env, shardId, table, what);
            }
        });
    }

    /**
     * The create table procedure. Table metadata comes first and stays if the dispatch fails
     * (ceresmeta #228): before #286 ({@code prepareCallback}, procedure/ddl/createtable/create_table.go
     * at incubator-horaedb-meta 81b8d68, the same at 7afb295^) {@code CreateTableMetadata} refuses a
     * table whose metadata exists, so a retry of a failed create fails with "table already exists";
     * with #286 (d880dd2, {@code checkTableExists} / {@code createMetadata}) only a table already
     * in the topology is refused, and the retry reuses the metadata left behind and dispatches again.
     */
    private void runCreate(Envelope env, int shardId, String table, String what) {
        procedures.put(shardId, what);
        boolean hasMetadata =
                ctx.disk().get(TableMetadata.key(table), TableMetadata.class).isPresent();
        if (hasMetadata && (!mode.metaReusesFailedCreate() || inTopology(table))) {
            release(shardId);
            ctx.trace("procedure start failed: " + what + ", Caused by: table already exists, tableName:" + table);
            ctx.reply(env, new DdlResult(false, "table already exists, tableName:" + table));
            return;
        }
        if (hasMetadata) {
            ctx.trace("table metadata already exists, tableName:" + table + ": reuse it");
        } else {
            ctx.disk().putDurable(TableMetadata.key(table), new TableMetadata(table, shardId));
        }
        dispatch(env, shardId, table, true, what);
    }

    /**
     * The drop table procedure ({@code prepareCallback}, procedure/ddl/droptable/drop_table.go at
     * 81b8d68): a table with no metadata is not found; one with metadata but in no shard's
     * topology (a create that failed after its metadata was written) loses its metadata and nothing
     * is sent to a node; otherwise the drop is dispatched to the shard's leader.
     */
    private void runDrop(Envelope env, int shardId, String table, String what) {
        procedures.put(shardId, what);
        if (ctx.disk().get(TableMetadata.key(table), TableMetadata.class).isEmpty()) {
            release(shardId);
            ctx.reply(env, new DdlResult(false, "table not found, tableName:" + table));
            return;
        }
        if (!inTopology(table)) {
            ctx.disk().deleteDurable(TableMetadata.key(table));
            release(shardId);
            ctx.trace("procedure finished: " + what + ": the table is on no shard, its metadata dropped");
            ctx.reply(env, new DdlResult(true, ""));
            return;
        }
        dispatch(env, shardId, table, false, what);
    }

    /** Whether any shard's view lists the table: ceresmeta's {@code GetTableShard}. */
    private boolean inTopology(String table) {
        for (ShardView first : initial) {
            if (view(first.shardId()).tables().contains(table)) {
                return true;
            }
        }
        return false;
    }

    private void dispatch(Envelope env, int shardId, String table, boolean create, String what) {
        ShardView v = view(shardId);
        UpdateShardInfo update = VersionWire.ddlRequest(mode, shardId, v.version());
        SkewProtocol request = create ? new CreateTableOnShard(update, table) : new DropTableOnShard(update, table);
        String window = create ? SkewWindows.CREATE : SkewWindows.DROP;
        ctx.openWindow(window, shardId, List.of(NAME, v.leader()));
        ctx.call(
                v.leader(),
                request,
                ShardResult.class,
                timing.rpcTimeoutMicros(),
                r -> {
                    ctx.closeWindow(window, shardId);
                    if (!r.success()) {
                        release(shardId);
                        ctx.trace("procedure start failed: " + what + ", addr:" + v.leader() + ", Caused by: "
                                + r.error());
                        ctx.reply(env, new DdlResult(false, r.error()));
                        return;
                    }
                    if (faults.crashMetaBeforePersist()) {
                        ctx.probe(SkewProbes.META_CRASH_BEFORE_PERSIST);
                        return;
                    }
                    long newVersion = VersionWire.stored(mode, update, r.latestShardVersion());
                    persist(view(shardId).withVersion(newVersion).withTable(table, create));
                    if (!create) {
                        ctx.disk().deleteDurable(TableMetadata.key(table));
                    }
                    release(shardId);
                    ctx.trace("procedure finished: " + what + ", shard version " + newVersion);
                    ctx.reply(env, new DdlResult(true, ""));
                },
                () -> {
                    ctx.closeWindow(window, shardId);
                    release(shardId);
                    ctx.trace("procedure start failed: " + what + ", addr:" + v.leader() + ", Caused by: rpc timeout");
                    ctx.reply(env, new DdlResult(false, "rpc timeout"));
                });
    }

    /** The procedure on the shard ended: its lock is free for the next one waiting. */
    private void release(int shardId) {
        procedures.remove(shardId);
        waiting.promote();
    }

    /**
     * A node's heartbeat: meta reopens a shard it names this node the leader of when the node does
     * not list it (the scheduler's reopen); and, in the modes with the repair, on the path
     * {@link #registrationUnchanged} allows, adopts the version of every shard the node lists that is
     * higher than meta's, whichever node meta names its leader ({@code maybeCorrectShardVersion},
     * server/cluster/metadata/cluster_metadata.go at incubator-horaedb-meta 81b8d68, loops over all
     * the node's shard infos).
     */
    private void onHeartbeat(Heartbeat hb) {
        int known = incarnation(hb.node());
        if (hb.incarnation() < known) {
            return;
        }
        if (hb.incarnation() > known) {
            ctx.disk().putDurable("node/" + hb.node(), hb.incarnation());
        }
        boolean unchanged = registrationUnchanged(hb);
        for (ShardView first : initial) {
            ShardView v = view(first.shardId());
            if (!v.leader().equals(hb.node())) {
                continue;
            }
            boolean listed = false;
            for (ShardEntry e : hb.shards()) {
                listed |= e.shard().id() == v.shardId();
            }
            if (!listed && !busy(v.shardId())) {
                reopen(v.shardId(), hb.node());
            }
        }
        if (!mode.heartbeatRepair() || !unchanged) {
            return;
        }
        for (ShardEntry e : hb.shards()) {
            if (!knows(e.shard().id())) {
                return;
            }
            ShardView v = view(e.shard().id());
            if (e.shard().version() > v.version()) {
                persist(v.withVersion(e.shard().version()));
                ctx.trace("heartbeat: shard " + v.shardId() + " on " + hb.node() + " is at "
                        + e.shard().version() + ", meta had " + v.version() + ", adopt latest shard version");
            }
        }
    }

    /**
     * ceresmeta's {@code RegisterNode} (server/cluster/metadata/cluster_metadata.go at
     * incubator-horaedb-meta 81b8d68, #268/#270) corrects shard versions only on the path
     * {@code exists && !needUpdate(oldCache, registeredNode)}: the node was registered before and
     * lists the same shard ids as last time ({@code needUpdate} compares ids only, not versions).
     * The first heartbeat after meta starts, and any after the node's shard set changed, only
     * re-register it.
     */
    private boolean registrationUnchanged(Heartbeat hb) {
        List<Integer> ids = new ArrayList<>();
        for (ShardEntry e : hb.shards()) {
            ids.add(e.shard().id());
        }
        ids.sort(null);
        List<Integer> before = registered.put(hb.node(), ids);
        boolean unchanged = before != null && before.equals(ids);
        if (!unchanged) {
            ctx.trace("register node " + hb.node() + " shards " + ids
                    + (before == null ? " (first since meta started)" : " (was " + before + ")"));
        }
        return unchanged;
    }

    /**
     * The scheduler moves a shard's leadership: a TransferLeader procedure, submitted like any other
     * so it waits behind a procedure holding the shard, that closes the shard on its old leader and
     * then opens it on the new one (transfer_leader.go {@code closeOldLeaderCallback} then
     * {@code openNewShardCallback} at incubator-horaedb-meta 81b8d68); a failed close fails the
     * procedure before anything opens.
     */
    public void transferLeader(int shardId, String to) {
        if (!knows(shardId)) {
            ctx.trace("transfer leader of shard " + shardId + " to " + to + " skipped: no such shard");
            return;
        }
        waiting.submit(shardId, "transfer leader", view(shardId).version(), () -> {
            ShardView v = view(shardId);
            if (v.leader().equals(to)) {
                ctx.trace("transfer leader of shard " + shardId + " to " + to + " skipped: it leads the shard already");
                waiting.promote();
                return;
            }
            procedures.put(shardId, "transfer leader");
            String from = v.leader();
            ctx.call(
                    from,
                    new CloseShard(shardId, incarnation(from)),
                    ShardResult.class,
                    timing.rpcTimeoutMicros(),
                    r -> {
                        if (!r.success()) {
                            release(shardId);
                            ctx.trace("transfer leader of shard " + shardId + " failed to close it on " + from + ": "
                                    + r.error());
                            return;
                        }
                        persist(view(shardId).assigned(to));
                        open(shardId, to, from, "transfer leader");
                    },
                    () -> {
                        release(shardId);
                        ctx.trace("transfer leader of shard " + shardId + " failed to close it on " + from
                                + ": rpc timeout");
                    });
        });
    }

    private void endTransfer(int shardId, String why) {
        ctx.closeWindow(SkewWindows.OPEN, shardId);
        release(shardId);
        ctx.trace(why);
    }

    /**
     * The scheduler's reopen of a shard its leader does not list: a TransferLeader with no old
     * leader, so nothing to close ({@code AssignShardScheduler}, {@code closeOldLeaderCallback}
     * returns at once when {@code OldLeaderNodeName} is empty).
     */
    private void reopen(int shardId, String node) {
        procedures.put(shardId, "reopen");
        open(shardId, node, null, "reopen");
    }

    /**
     * Opens the shard on {@code node}, the leader meta's view names now; the procedure holds the shard until the answer.
     *
     * @param oldLeader the node a transfer moves the shard from (null for a reopen)
     */
    private void open(int shardId, String node, String oldLeader, String why) {
        ShardView v = view(shardId);
        // Before #264 meta asks for v+1 (openNewShardCallback, transfer_leader.go at 7afb295^) and
        // persists no version for an open; the node compares it and opens at meta's stored v.
        long version = VersionWire.openVersion(mode, v.version());
        OpenShard request = new OpenShard(new ShardInfo(shardId, ShardRole.Leader, version), incarnation(node));
        ctx.openWindow(SkewWindows.OPEN, shardId, List.of(NAME, node));
        ctx.call(
                node,
                request,
                ShardResult.class,
                timing.rpcTimeoutMicros(),
                r -> {
                    if (!r.success()) {
                        endTransfer(shardId, why + " of shard " + shardId + " on " + node + " failed: " + r.error());
                        return;
                    }
                    if (oldLeader != null && !oldLeader.equals(node)) {
                        // Probed where a move takes effect, the shard open on a leader other than its old one,
                        // not where the scheduler decides it.
                        ctx.probe(SkewProbes.LEADER_TRANSFER);
                    }
                    endTransfer(
                            shardId,
                            why + " of shard " + shardId + " on " + node + " done, node at shard version "
                                    + r.latestShardVersion());
                },
                () -> endTransfer(shardId, why + " of shard " + shardId + " on " + node + " failed: rpc timeout"));
    }
}
