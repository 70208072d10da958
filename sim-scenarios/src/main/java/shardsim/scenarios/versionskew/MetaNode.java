package shardsim.scenarios.versionskew;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import shardsim.core.node.Disk;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.scenarios.versionskew.VersionSkewProtocol.CloseShard;
import shardsim.scenarios.versionskew.VersionSkewProtocol.CreateTable;
import shardsim.scenarios.versionskew.VersionSkewProtocol.CreateTableOnShard;
import shardsim.scenarios.versionskew.VersionSkewProtocol.DdlResult;
import shardsim.scenarios.versionskew.VersionSkewProtocol.DropTable;
import shardsim.scenarios.versionskew.VersionSkewProtocol.DropTableOnShard;
import shardsim.scenarios.versionskew.VersionSkewProtocol.GetTablesOfShards;
import shardsim.scenarios.versionskew.VersionSkewProtocol.Heartbeat;
import shardsim.scenarios.versionskew.VersionSkewProtocol.OpenShard;
import shardsim.scenarios.versionskew.VersionSkewProtocol.ShardEntry;
import shardsim.scenarios.versionskew.VersionSkewProtocol.ShardResult;
import shardsim.scenarios.versionskew.VersionSkewProtocol.TablesOfShard;

/**
 * ceresmeta: durable shard views, at most one procedure per shard (create table, drop table, open
 * shard, transfer leader), and the heartbeat handler. Procedures abort on an error or a timeout
 * and are never retried, as in the report; only the heartbeat (in the fixed modes) repairs a lag.
 */
public final class MetaNode implements Node {
    public static final String NAME = "meta";
    private static final String NEXT_OPEN_ID = "meta/next-open-id";

    private final NodeContext ctx;
    /** The code this process runs: its row of the mode table. Meta owns the heartbeat repair and its half of nodeDecidesVersion. */
    private final FixParts fix;
    private final FaultSwitches faults;
    private final Timing timing;
    private final List<ShardView> initial;
    /** Running procedure per shard; volatile, so a crash releases every lock. */
    private final TreeMap<Integer, String> procedures = new TreeMap<>();
    /**
     * The shard ids each node listed in its last heartbeat: ceresmeta's in-memory
     * {@code registeredNodesCache}, empty after a (re)start.
     */
    private final TreeMap<String, List<Integer>> registered = new TreeMap<>();

    public MetaNode(NodeContext ctx, NodeSetup setup, FixParts code, List<ShardView> initial) {
        this.ctx = ctx;
        this.fix = code;
        this.faults = setup.faults();
        this.timing = setup.timing();
        this.initial = List.copyOf(initial);
    }

    @Override
    public void onStart() {
        Disk disk = ctx.disk();
        long maxOpen = 0;
        for (ShardView v : initial) {
            disk.put(ShardView.key(v.shardId()), v);
            maxOpen = Math.max(maxOpen, v.openId());
        }
        disk.put(NEXT_OPEN_ID, maxOpen + 1);
        disk.flush();
    }

    @Override
    public void onRecover() {
        ctx.trace("recovered " + initial.size() + " shard views from storage");
    }

    /** Whether a procedure holds the shard. For checkers. */
    public boolean busy(int shardId) {
        return procedures.containsKey(shardId);
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
        return what.startsWith("create table ") ? "CreateTable" : what.startsWith("drop table ") ? "DropTable" : "TransferLeader";
    }

    @Override
    public void onMessage(Envelope env) {
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
        return ctx.disk().get(ShardView.key(shardId), ShardView.class)
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

    private void startDdl(Envelope env, int shardId, String table, boolean create) {
        String what = (create ? "create table " : "drop table ") + table + " on shard " + shardId;
        if (!knows(shardId)) {
            ctx.reply(env, new DdlResult(false, "shard " + shardId + " not found"));
            return;
        }
        if (what.equals(procedures.get(shardId))) {
            // A duplicated request: the running procedure will answer the original call.
            ctx.trace("duplicate request ignored: " + what);
            return;
        }
        if (procedures.containsKey(shardId)) {
            ctx.reply(env, new DdlResult(false, "procedure " + procedures.get(shardId) + " already running on shard " + shardId));
            return;
        }
        ShardView v = view(shardId);
        if (create && v.tables().contains(table)) {
            ctx.reply(env, new DdlResult(false, "table " + table + " already exists"));
            return;
        }
        procedures.put(shardId, what);
        UpdateShardInfo update = VersionWire.ddlRequest(fix, shardId, v.version());
        VersionSkewProtocol request = create ? new CreateTableOnShard(update, table) : new DropTableOnShard(update, table);
        String window = create ? SkewWindows.CREATE : SkewWindows.DROP;
        ctx.openWindow(window, shardId, List.of(NAME, v.leader()));
        ctx.call(v.leader(), request, ShardResult.class, timing.rpcTimeoutMicros(), r -> {
            ctx.closeWindow(window, shardId);
            if (!r.success()) {
                procedures.remove(shardId);
                ctx.trace("procedure start failed: " + what + ", addr:" + v.leader() + ", Caused by: " + r.error());
                ctx.reply(env, new DdlResult(false, r.error()));
                return;
            }
            if (faults.crashMetaBeforePersist()) {
                ctx.probe(SkewProbes.META_CRASH_BEFORE_PERSIST);
                return;
            }
            long newVersion = VersionWire.stored(fix, update, r.latestShardVersion());
            persist(view(shardId).withVersion(newVersion).withTable(table, create));
            procedures.remove(shardId);
            ctx.trace("procedure finished: " + what + ", shard version " + newVersion);
            ctx.reply(env, new DdlResult(true, ""));
        }, () -> {
            ctx.closeWindow(window, shardId);
            procedures.remove(shardId);
            ctx.trace("procedure start failed: " + what + ", addr:" + v.leader() + ", Caused by: rpc timeout");
            ctx.reply(env, new DdlResult(false, "rpc timeout"));
        });
    }

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
            ShardEntry entry = null;
            for (ShardEntry e : hb.shards()) {
                if (e.shard().id() == v.shardId() && e.openId() == v.openId()) {
                    entry = e;
                }
            }
            if (entry == null) {
                if (!procedures.containsKey(v.shardId())) {
                    open(v.shardId(), hb.node(), "reopen");
                }
            } else if (fix.heartbeatRepair() && unchanged && entry.shard().version() > v.version()) {
                persist(v.withVersion(entry.shard().version()));
                ctx.trace("heartbeat: shard " + v.shardId() + " on " + hb.node() + " is at " + entry.shard().version()
                        + ", meta had " + v.version() + ", adopt latest shard version");
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
            ctx.trace("register node " + hb.node() + " shards " + ids + (before == null ? " (first since meta started)" : " (was " + before + ")"));
        }
        return unchanged;
    }

    /** The scheduler moves a shard's leadership: open on the new node, then close on the old one. */
    public void transferLeader(int shardId, String to) {
        if (!knows(shardId) || procedures.containsKey(shardId) || view(shardId).leader().equals(to)) {
            ctx.trace("transfer leader of shard " + shardId + " to " + to + " skipped");
            return;
        }
        open(shardId, to, "transfer leader");
    }

    private void open(int shardId, String node, String why) {
        ShardView before = view(shardId);
        long openId = ctx.disk().get(NEXT_OPEN_ID, Long.class).orElseThrow();
        ctx.disk().putDurable(NEXT_OPEN_ID, openId + 1);
        ShardView v = before.assigned(node, openId);
        persist(v);
        procedures.put(shardId, why);
        // Before #264 meta asks for v+1 (openNewShardCallback, transfer_leader.go at 7afb295^) and
        // persists no version for an open; the node compares it and opens at meta's stored v.
        long version = VersionWire.openVersion(fix, v.version());
        OpenShard request = new OpenShard(new ShardInfo(shardId, ShardRole.Leader, version), openId, incarnation(node));
        ctx.openWindow(SkewWindows.OPEN, shardId, List.of(NAME, node));
        Runnable closeOld = () -> {
            ctx.closeWindow(SkewWindows.OPEN, shardId);
            if (!before.leader().equals(node)) {
                ctx.send(before.leader(), new CloseShard(shardId, before.openId(), incarnation(before.leader())));
            }
        };
        ctx.call(node, request, ShardResult.class, timing.rpcTimeoutMicros(), r -> {
            if (!r.success()) {
                procedures.remove(shardId);
                ctx.trace(why + " of shard " + shardId + " on " + node + " failed: " + r.error());
                closeOld.run();
                return;
            }
            procedures.remove(shardId);
            ctx.trace(why + " of shard " + shardId + " on " + node + " done, node at shard version " + r.latestShardVersion());
            if (!before.leader().equals(node)) {
                // Probed where a move takes effect, the shard open on its new leader, not where the
                // scheduler decides it.
                ctx.probe(SkewProbes.LEADER_TRANSFER);
            }
            closeOld.run();
        }, () -> {
            procedures.remove(shardId);
            ctx.trace(why + " of shard " + shardId + " on " + node + " failed: rpc timeout");
            closeOld.run();
        });
    }
}
