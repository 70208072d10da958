package shardsim.core.blocks;

import java.util.TreeSet;
import shardsim.core.node.Envelope;

/**
 * The RPC layer in front of a process's handlers, for systems whose calls run over a connection
 * that delivers each request once (gRPC over HTTP/2, thrift over TCP): however the model's lossy
 * link duplicates an envelope, the handler sees it once. The link's copy of an envelope is the same
 * envelope (same id), so the inbox hands the first delivery on and the caller drops the rest; the
 * kernel has already traced the duplicate's delivery. Keep one per process incarnation (a field of
 * the node, so a restart starts empty, as a new process's connections do).
 */
public final class RequestInbox {
    /** Envelope ids delivered so far to this incarnation; bounded by the messages one run sends it. */
    private final TreeSet<Long> seen = new TreeSet<>();

    /** An empty inbox, for a process that has just started. */
    public RequestInbox() {}

    /**
     * Whether this is the first delivery of {@code env} here.
     *
     * @param env the envelope the kernel delivers
     * @return true the first time an envelope's id arrives, false for every duplicate of it
     */
    public boolean first(Envelope env) {
        return seen.add(env.id());
    }
}
