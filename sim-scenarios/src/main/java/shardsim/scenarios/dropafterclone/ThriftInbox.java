package shardsim.scenarios.dropafterclone;

import java.util.TreeSet;
import shardsim.core.node.Envelope;

/**
 * The RPC layer in front of an FE's or a BE's handlers. Everything the FE and the BEs say to each
 * other is one thrift call over TCP (the FE's {@code submitTasks} to a BE's agent server, a BE's
 * {@code report} and {@code finishTask} to the FE master through {@code MasterServerClient}, the
 * snapshot a clone downloads from its source), so a call reaches its handler once, however the
 * model's lossy link duplicates its envelope: {@code ReportHandler.handleReport} puts one report on
 * the queue per call (apache/doris 6f81efb5), and the agent server registers one task per
 * {@code submitTasks} (task_worker_pool.cpp {@code submit_task}, incubator-doris fae3eff2). The
 * link's copy of an envelope is the same envelope (same id): the inbox hands the first delivery on
 * and swallows the rest. Volatile, like the process it serves.
 */
final class ThriftInbox {
    /** Envelope ids delivered so far to this incarnation; bounded by the messages one run sends it. */
    private final TreeSet<Long> seen = new TreeSet<>();

    /** Whether {@code env} is its first delivery here; the kernel traces a duplicate, and the caller drops it. */
    boolean first(Envelope env) {
        return seen.add(env.id());
    }
}
