package shardsim.scenarios.versionskew.model;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.function.IntToLongFunction;
import shardsim.core.node.NodeContext;

/**
 * ceresmeta's procedure manager as it orders procedures on one shard (server/coordinator/procedure/
 * manager_impl.go at incubator-horaedb-meta 81b8d68): every procedure is submitted to a waiting
 * queue and promoted when its shard's lock ({@code procedureShardLock}) is free; one that finds the
 * lock held is pushed back for {@code defaultWaitingQueueDelay} (500 ms), and the promote loop runs
 * on every submit and completion and on a 100 ms ticker. A procedure is valid only while the
 * shard's version is the one it was made with ({@code checkValid}): one that waited while another
 * moved the version is removed without an answer, so the client's call runs into its timeout
 * (the gRPC handler waits on its result and error channels with no deadline of its own,
 * {@code CreateTable} in server/service/grpc/service.go). Volatile: a crash of meta loses them.
 */
public final class ProcedureQueue {
    static final long RETRY_DELAY_MICROS = 500_000;
    static final long TICK_MICROS = 100_000;

    /** One procedure waiting for its shard's lock. */
    private static final class Waiting {
        final String what;
        final long version;
        final Runnable run;
        long readyAtMicros;

        Waiting(String what, long version, Runnable run, long readyAtMicros) {
            this.what = what;
            this.version = version;
            this.run = run;
            this.readyAtMicros = readyAtMicros;
        }
    }

    private final NodeContext ctx;
    private final IntPredicate locked;
    private final IntToLongFunction version;
    private final TreeMap<Integer, ArrayDeque<Waiting>> queues = new TreeMap<>();
    private boolean promoteDue;

    /**
     * @param locked whether a procedure holds the shard's lock now
     * @param version the shard's current version in meta's view
     */
    ProcedureQueue(NodeContext ctx, IntPredicate locked, IntToLongFunction version) {
        this.ctx = ctx;
        this.locked = locked;
        this.version = version;
    }

    /** Whether a procedure waits for the shard. */
    boolean has(int shardId) {
        ArrayDeque<Waiting> q = queues.get(shardId);
        return q != null && !q.isEmpty();
    }

    /**
     * Submits a procedure made when the shard was at {@code madeAtVersion}: it runs now if nothing
     * holds or waits for the shard, else it waits its turn. {@code run} takes the lock itself.
     */
    void submit(int shardId, String what, long madeAtVersion, Runnable run) {
        if (!locked.test(shardId) && !has(shardId)) {
            run.run();
            return;
        }
        ctx.trace("procedure " + what + " waits: the shard's procedure lock is held");
        queues.computeIfAbsent(shardId, k -> new ArrayDeque<>())
                .add(new Waiting(what, madeAtVersion, run, ctx.now() + RETRY_DELAY_MICROS));
        schedule(ctx.now() + RETRY_DELAY_MICROS);
    }

    /** A procedure ended: the promote loop runs once the handler that ended it has returned. */
    void promote() {
        if (!queues.isEmpty()) {
            schedule(ctx.now());
        }
    }

    private void schedule(long atMicros) {
        if (promoteDue) {
            return;
        }
        promoteDue = true;
        // The ticker's next beat at or after the entry's delay; at once after a completion.
        long tick = atMicros == ctx.now() ? atMicros : (atMicros + TICK_MICROS - 1) / TICK_MICROS * TICK_MICROS;
        ctx.setTimer("promote procedures", Math.max(0, tick - ctx.now()), this::run);
    }

    private void run() {
        promoteDue = false;
        long next = Long.MAX_VALUE;
        var it = queues.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Integer, ArrayDeque<Waiting>> e = it.next();
            int shardId = e.getKey();
            ArrayDeque<Waiting> q = e.getValue();
            while (!q.isEmpty()) {
                Waiting w = q.peek();
                if (w.readyAtMicros > ctx.now()) {
                    break;
                }
                if (w.version != version.applyAsLong(shardId)) {
                    q.poll();
                    ctx.trace("procedure " + w.what + " removed: made at shard version " + w.version + ", now "
                            + version.applyAsLong(shardId));
                    continue;
                }
                if (locked.test(shardId)) {
                    w.readyAtMicros = ctx.now() + RETRY_DELAY_MICROS;
                    break;
                }
                q.poll();
                w.run.run();
                break;
            }
            if (q.isEmpty()) {
                it.remove();
            } else {
                next = Math.min(next, q.peek().readyAtMicros);
            }
        }
        if (next != Long.MAX_VALUE) {
            schedule(Math.max(next, ctx.now() + 1));
        }
    }
}
