package shardsim.scenarios.versionskew.model;

import java.util.Map;
import java.util.TreeMap;
import shardsim.core.blocks.RetryPolicy;
import shardsim.core.blocks.RetryingCall;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.core.sim.Metrics;
import shardsim.scenarios.versionskew.model.SkewProtocol.CreateTable;
import shardsim.scenarios.versionskew.model.SkewProtocol.DdlResult;
import shardsim.scenarios.versionskew.model.SkewProtocol.DropTable;
import shardsim.scenarios.versionskew.plan.SkewMode;

/**
 * The SQL client: sends CREATE / DROP TABLE to meta, one at a time per shard, and remembers which
 * tables it was told were created (the oracle for C4) and how the C3 probes ended.
 *
 * <p>C3's probes, per shard: a CREATE TABLE of the shard's probe table and, the moment its success
 * arrives, a DROP TABLE of that table. The drop is a second DDL on the shard sent right after the
 * first was answered, so it reaches meta well before the node's next heartbeat (every 2/3 of the
 * 10 s lease: {@code heartbeat_interval} in cluster/src/cluster_impl.rs and the default
 * {@code lease} in meta_client/src/meta_impl.rs at horaedb 642934ae) could repair a version meta
 * stored wrongly for the first; and it is a DROP of a table the client was told was created,
 * which meta sends to the shard's leader as it sends a CREATE ({@code prepareCallback} in
 * server/coordinator/procedure/ddl/droptable/drop_table.go and {@code DropTableOnShard} in
 * server/coordinator/procedure/ddl/common_util.go at incubator-horaedb-meta 81b8d68).
 *
 * <p>In the modes whose row says so ({@link SkewMode#clientRetriesCreate()}) the client sends a
 * workload CREATE TABLE that failed or timed out again, after {@value #RETRY_FIRST_MICROS} µs,
 * doubling to at most {@value #RETRY_MAX_MICROS} µs, until it succeeds or is told the table exists
 * (meta's "table already exists", or the node's "the table to insert has already existed"), which
 * no retry can change. Until then the shard stays busy for the client, as for any unanswered DDL.
 * No other DDL and no probe is retried.
 */
public final class ClientDriver implements Node {
    public static final String NAME = "client";
    static final long RETRY_FIRST_MICROS = 1_000_000;
    static final long RETRY_MAX_MICROS = 4_000_000;

    private final NodeContext ctx;
    private final Metrics metrics;
    /** Every DDL's call: the client's timeout; only a failed workload CREATE is tried again ({@link Ddl#retries}), with no limit. */
    private final RetryPolicy calls;

    private final boolean retriesCreate;
    /** Tables acknowledged as created and not dropped (or being dropped) since: table -> shard. */
    private final TreeMap<String, Integer> created = new TreeMap<>();
    /**
     * Tables whose DROP TABLE the client was told succeeded (workload drops and C3's drop probes) and
     * that it has not sent a CREATE TABLE of since: table -> shard. A custom workload may create a name again.
     */
    private final TreeMap<String, Integer> dropped = new TreeMap<>();

    private final TreeMap<Integer, Boolean> busy = new TreeMap<>();
    /** C3 probe outcome per shard: null while pending, "" when it succeeded, else the error. */
    private final TreeMap<Integer, String> probes = new TreeMap<>();
    /** C3's drop probe outcome per shard, as {@link #probes}; absent while the create probe has not succeeded. */
    private final TreeMap<Integer, String> dropProbes = new TreeMap<>();
    /** Every DDL sent, in order (index = sequence number), and each answer as it came: for C6. Bounded by the workload's size plus two probes per shard. */
    private final java.util.ArrayList<DdlSent> sent = new java.util.ArrayList<>();

    private final java.util.ArrayList<DdlAnswer> answers = new java.util.ArrayList<>();
    private long succeeded;
    private long failed;
    private long mismatches;

    public ClientDriver(NodeContext ctx, Metrics metrics, Timing timing, SkewMode code) {
        this.ctx = ctx;
        this.retriesCreate = code.clientRetriesCreate();
        this.metrics = metrics;
        this.calls = new RetryPolicy(
                timing.clientTimeoutMicros(), RetryPolicy.UNBOUNDED, RETRY_FIRST_MICROS, RETRY_MAX_MICROS, false);
    }

    @Override
    public void onMessage(Envelope env) {
        // Every client message is a reply, routed to its call's callback by the kernel.
        throw new IllegalStateException("unknown message for the client: " + env.message());
    }

    /** CREATE TABLE, unless the client still waits for its last DDL on the shard. */
    public void create(int shardId, String table) {
        if (waiting(shardId, "CREATE TABLE " + table)) {
            return;
        }
        send(shardId, table, Kind.WORKLOAD_CREATE);
    }

    /** DROP TABLE of a table the client was told was created on the shard; anything else is skipped. */
    public void drop(int shardId, String table) {
        if (waiting(shardId, "DROP TABLE " + table)) {
            return;
        }
        Integer on = created.get(table);
        if (on == null || on != shardId) {
            ctx.trace("skipped DROP TABLE " + table + " on shard " + shardId
                    + ": the client was never told it was created there");
            return;
        }
        // The outcome of a drop is unknown until answered: the table leaves the oracle now.
        created.remove(table);
        send(shardId, table, Kind.WORKLOAD_DROP);
    }

    /** C3: one CREATE on the shard after the quiet window, then, once it succeeded, a DROP of the same table; both must succeed. */
    public void probe(int shardId) {
        probes.put(shardId, null);
        send(shardId, "PROBE_" + shardId, Kind.PROBE_CREATE);
    }

    /** The drop probe, sent from the create probe's answer: the table leaves the oracle as a workload drop's does. */
    private void dropProbe(int shardId, String table) {
        dropProbes.put(shardId, null);
        created.remove(table);
        send(shardId, table, Kind.PROBE_DROP);
    }

    /** What a DDL the client sends is: a workload request, or one of C3's two probes. */
    private enum Kind {
        WORKLOAD_CREATE(true, false),
        WORKLOAD_DROP(false, false),
        PROBE_CREATE(true, true),
        PROBE_DROP(false, true);

        final boolean create;
        final boolean probe;

        Kind(boolean create, boolean probe) {
            this.create = create;
            this.probe = probe;
        }
    }

    /** Whether a DDL on the shard is still unanswered; if so the request is skipped, with a note. */
    private boolean waiting(int shardId, String what) {
        if (!busy.getOrDefault(shardId, false)) {
            return false;
        }
        ctx.trace("skipped " + what + " on shard " + shardId + ": the client still waits for its last DDL there");
        return true;
    }

    /** Sends the DDL, and again after each failure that {@link Ddl#retries} allows. */
    private void send(int shardId, String table, Kind kind) {
        RetryingCall.start(
                ctx,
                MetaNode.NAME,
                DdlResult.class,
                calls,
                "retry CREATE TABLE " + table,
                new Ddl(shardId, table, kind));
    }

    /** One DDL's tries; {@code tryIndex} counts the sends of the same request before this one. */
    private final class Ddl implements RetryingCall.Attempts<DdlResult> {
        private final int shardId;
        private final String table;
        private final Kind kind;
        private long start;
        private int seq;

        Ddl(int shardId, String table, Kind kind) {
            this.shardId = shardId;
            this.table = table;
            this.kind = kind;
        }

        @Override
        public SkewProtocol request(int tryIndex) {
            if (!kind.probe) {
                busy.put(shardId, true);
            }
            if (kind.create) {
                dropped.remove(table);
            }
            start = ctx.now();
            seq = sent.size();
            sent.add(new DdlSent(shardId, (kind.create ? "CREATE TABLE " : "DROP TABLE ") + table, start, tryIndex));
            return kind.create ? new CreateTable(shardId, table) : new DropTable(shardId, table);
        }

        @Override
        public RetryingCall.Next onReply(DdlResult r, int tryIndex) {
            boolean create = kind.create;
            boolean probe = kind.probe;
            done(shardId, probe);
            answers.add(new DdlAnswer(seq, r.success() ? "" : r.error(), ctx.now()));
            if (r.success()) {
                succeeded++;
                if (!probe) {
                    ctx.probe(create ? SkewProbes.CREATE_SUCCEEDED : SkewProbes.DROP_SUCCEEDED);
                }
                metrics.record(probe ? "probe-latency" : "ddl-latency", Math.max(0, ctx.now() - start));
                if (create) {
                    created.put(table, shardId);
                } else {
                    dropped.put(table, shardId);
                }
                probeOutcome(shardId, kind, "");
                if (kind == Kind.PROBE_CREATE) {
                    dropProbe(shardId, table);
                }
                return RetryingCall.Next.DONE;
            }
            failed++;
            if (r.error().startsWith("Shard version mismatch")) {
                mismatches++;
            }
            probeOutcome(shardId, kind, r.error());
            return retries(r.error());
        }

        @Override
        public RetryingCall.Next onTimeout(int tryIndex) {
            done(shardId, kind.probe);
            answers.add(new DdlAnswer(seq, "client timeout", ctx.now()));
            failed++;
            probeOutcome(shardId, kind, "client timeout");
            return retries("client timeout");
        }

        /** A failed workload CREATE is sent again after the backoff, unless the answer says the table exists; the shard stays busy meanwhile. */
        private RetryingCall.Next retries(String error) {
            if (!retriesCreate || kind != Kind.WORKLOAD_CREATE || error.contains("already exist")) {
                return RetryingCall.Next.DONE;
            }
            busy.put(shardId, true);
            return RetryingCall.Next.RETRY;
        }
    }

    private void probeOutcome(int shardId, Kind kind, String outcome) {
        if (kind == Kind.PROBE_CREATE) {
            probes.put(shardId, outcome);
        } else if (kind == Kind.PROBE_DROP) {
            dropProbes.put(shardId, outcome);
        }
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

    /** Tables the client was told were dropped and has not sent a create of since, by table name. For C10. */
    public Map<String, Integer> dropped() {
        return java.util.Collections.unmodifiableMap(dropped);
    }

    /** One DDL the client sent (workload or probe): its shard, "CREATE TABLE t" / "DROP TABLE t", when, and how many sends of it came before (0 for a first send). */
    public record DdlSent(int shardId, String what, long sentMicros, int attempt) {}

    /** The answer to DDL number {@code seq} of {@link #sent()}: "" for success, else the error or "client timeout". */
    public record DdlAnswer(int seq, String error, long atMicros) {}

    /** The DDLs sent so far, in order. For checkers. */
    public java.util.List<DdlSent> sent() {
        return java.util.Collections.unmodifiableList(sent);
    }

    /** The answers so far, in the order they came. For checkers. */
    public java.util.List<DdlAnswer> answers() {
        return java.util.Collections.unmodifiableList(answers);
    }

    /** The create probes' outcomes per shard: null while pending, "" for success, else the error. */
    public Map<Integer, String> probes() {
        return java.util.Collections.unmodifiableMap(probes);
    }

    /** The drop probes' outcomes per shard, as {@link #probes()}; a shard whose create probe did not succeed has none. */
    public Map<Integer, String> dropProbes() {
        return java.util.Collections.unmodifiableMap(dropProbes);
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
