package shardsim.scenarios.versionskew;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.core.sim.Metrics;
import shardsim.scenarios.versionskew.VersionSkewProtocol.CreateTable;
import shardsim.scenarios.versionskew.VersionSkewProtocol.DdlResult;
import shardsim.scenarios.versionskew.VersionSkewProtocol.DropTable;

/**
 * The SQL client: sends CREATE / DROP TABLE to meta, one at a time per shard, and remembers which
 * tables it was told were created (the oracle for C4) and how the C3 probes ended.
 */
public final class ClientDriver implements Node {
    public static final String NAME = "client";

    private final NodeContext ctx;
    private final Metrics metrics;
    private final long timeoutMicros;
    /** Tables acknowledged as created and not dropped (or being dropped) since: table -> shard. */
    private final TreeMap<String, Integer> created = new TreeMap<>();
    private final TreeMap<Integer, Boolean> busy = new TreeMap<>();
    /** C3 probe outcome per shard: null while pending, "" when it succeeded, else the error. */
    private final TreeMap<Integer, String> probes = new TreeMap<>();
    private long nextTable = 1;
    private long succeeded;
    private long failed;
    private long mismatches;

    public ClientDriver(NodeContext ctx, Metrics metrics, Timing timing) {
        this.ctx = ctx;
        this.metrics = metrics;
        this.timeoutMicros = timing.clientTimeoutMicros();
    }

    @Override
    public void onMessage(Envelope env) {
        // Every client message is a reply, routed to its call's callback by the kernel.
        throw new IllegalStateException("unknown message for the client: " + env.message());
    }

    /** One workload step on a shard: a CREATE, or a DROP of a table it knows, drawn from the seed. */
    public void step(int shardId, double dropProbability) {
        if (busy.getOrDefault(shardId, false)) {
            return;
        }
        List<String> mine = new ArrayList<>();
        for (Map.Entry<String, Integer> e : created.entrySet()) {
            if (e.getValue() == shardId) {
                mine.add(e.getKey());
            }
        }
        if (!mine.isEmpty() && ctx.random().chance(dropProbability)) {
            String table = ctx.random().pick(mine);
            // The outcome of a drop is unknown until answered: the table leaves the oracle now.
            created.remove(table);
            send(shardId, table, false, false);
        } else {
            send(shardId, "TABLE_" + shardId + "_" + nextTable++, true, false);
        }
    }

    /** C3: one CREATE on the shard after the quiet window; it must succeed. */
    public void probe(int shardId) {
        probes.put(shardId, null);
        send(shardId, "PROBE_" + shardId, true, true);
    }

    /** Sends a CREATE the way the documented plan scripts it. */
    public void create(int shardId, String table) {
        send(shardId, table, true, false);
    }

    private void send(int shardId, String table, boolean create, boolean probe) {
        if (!probe) {
            busy.put(shardId, true);
        }
        long start = ctx.now();
        VersionSkewProtocol request = create ? new CreateTable(shardId, table) : new DropTable(shardId, table);
        ctx.call(MetaNode.NAME, request, timeoutMicros, reply -> {
            DdlResult r = (DdlResult) reply;
            done(shardId, probe);
            if (r.success()) {
                succeeded++;
                metrics.record(probe ? "probe-latency" : "ddl-latency", Math.max(0, ctx.now() - start));
                if (create) {
                    created.put(table, shardId);
                }
                if (probe) {
                    probes.put(shardId, "");
                }
            } else {
                failed++;
                if (r.error().startsWith("Shard version mismatch")) {
                    mismatches++;
                }
                if (probe) {
                    probes.put(shardId, r.error());
                }
            }
        }, () -> {
            done(shardId, probe);
            failed++;
            if (probe) {
                probes.put(shardId, "client timeout");
            }
        });
    }

    private void done(int shardId, boolean probe) {
        if (!probe) {
            busy.put(shardId, false);
        }
    }

    /** Tables the client was told were created, by table name. */
    public Map<String, Integer> created() {
        return java.util.Collections.unmodifiableMap(created);
    }

    public Map<Integer, String> probes() {
        return java.util.Collections.unmodifiableMap(probes);
    }

    public long succeeded() {
        return succeeded;
    }

    public long failed() {
        return failed;
    }

    public long mismatches() {
        return mismatches;
    }
}
