package shardsim.scenarios.versionskew.model;

import shardsim.core.net.LinkPolicy;

/**
 * The scenario's time constants. The heartbeat runs every 2/3 of the 10 s lease, as in HoraeDB.
 *
 * @param leaseMicros the node lease
 * @param rpcTimeoutMicros meta's timeout for a call to a node
 * @param clientTimeoutMicros the client's timeout for a DDL sent to meta
 * @param maxDelayMicros the longest one-way message delay of the run's links
 */
public record Timing(long leaseMicros, long rpcTimeoutMicros, long clientTimeoutMicros, long maxDelayMicros) {
    public static Timing of(long maxDelayMicros) {
        return new Timing(10_000_000, 3_000_000, 10_000_000, maxDelayMicros);
    }

    /** The constants of a run whose default link is {@code link}. */
    public static Timing of(LinkPolicy link) {
        return of(link.delay().maxMicros());
    }

    public long heartbeatMicros() {
        return leaseMicros * 2 / 3;
    }

    /**
     * How long after the last fault the shards must have converged (C2): a procedure started by a
     * late request ends, one heartbeat reaches meta, a reopen it triggers completes (its call to
     * the node and the node's GetTablesOfShards to meta), and, since meta repairs only a
     * registration it has seen unchanged, two more heartbeats reach it.
     */
    public long convergeMicros() {
        long procedure = maxDelayMicros + rpcTimeoutMicros;
        long heartbeat = heartbeatMicros() + maxDelayMicros;
        long reopen = 4 * maxDelayMicros + 1_000;
        return procedure + 3 * heartbeat + reopen + 1_000_000;
    }

    /**
     * C6's settle time: how long after the last fault or lost message a DDL is judged. A lost DDL
     * response, a timed-out procedure or meta's restart can leave meta behind a leader until a
     * heartbeat of an unchanged registration repairs it, which is what {@link #convergeMicros()}
     * bounds; the same bound serves.
     */
    public long settleMicros() {
        return convergeMicros();
    }

    /**
     * Whether the links deliver within the timeouts: meta's call to the node and its answer within
     * meta's rpc timeout, and the client's request, that call and the answer within the client's.
     * If not, a DDL can time out with nothing lost, and leave the node ahead as a lost answer does.
     */
    public boolean deliveryWithinTimeouts() {
        return 2 * maxDelayMicros < rpcTimeoutMicros && 2 * maxDelayMicros + rpcTimeoutMicros < clientTimeoutMicros;
    }
}
