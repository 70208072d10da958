package shardsim.scenarios.versionskew;

import java.util.TreeSet;
import shardsim.core.node.Envelope;

/**
 * The gRPC layer in front of a process's handlers: every request meta, a data node or the client
 * sends is one unary gRPC call over one HTTP/2 stream, so it reaches its handler once however the
 * lossy link of the model duplicates its envelope. The link's copy of an envelope is the same
 * envelope (same id): the inbox hands the first delivery on and swallows the rest. Volatile, like
 * the process it serves.
 */
final class RpcInbox {
    /** Envelope ids delivered so far to this incarnation; bounded by the messages one run sends it. */
    private final TreeSet<Long> seen = new TreeSet<>();

    /** Whether {@code env} is its first delivery here; a duplicate is traced by the kernel and dropped by the caller. */
    boolean first(Envelope env) {
        return seen.add(env.id());
    }
}
