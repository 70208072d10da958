package shardsim.core.blocks;

/**
 * A holder's claim that lives until a deadline unless renewed: a lock key in etcd under a lease
 * with a time to live, a Raft follower honouring the leader it heard from for an election timeout.
 * Immutable: granting and renewing give a new lease. Time is whichever clock the caller measures
 * with (a node's {@link shardsim.core.node.NodeContext#now()}, or virtual time); a lease compares
 * only times of that one clock.
 *
 * @param holder who holds it (a node's name)
 * @param expiresAtMicros the first moment it no longer holds
 */
public record Lease(String holder, long expiresAtMicros) {
    /** Checks that the lease has a holder. */
    public Lease {
        if (holder == null) {
            throw new IllegalArgumentException("a lease needs a holder");
        }
    }

    /** A lease granted to {@code holder} at {@code nowMicros} for {@code ttlMicros}. */
    public static Lease grant(String holder, long nowMicros, long ttlMicros) {
        if (ttlMicros <= 0) {
            throw new IllegalArgumentException("a lease's time to live must be positive, got " + ttlMicros);
        }
        return new Lease(holder, nowMicros + ttlMicros);
    }

    /** Whether it still holds at {@code nowMicros} (it expires at {@link #expiresAtMicros} exactly). */
    public boolean liveAt(long nowMicros) {
        return nowMicros < expiresAtMicros;
    }

    /** Whether {@code node} holds it, live, at {@code nowMicros}. */
    public boolean heldBy(String node, long nowMicros) {
        return liveAt(nowMicros) && holder.equals(node);
    }

    /** Whether someone other than {@code node} holds it, live, at {@code nowMicros}: what refuses {@code node} the key. */
    public boolean heldByOtherThan(String node, long nowMicros) {
        return liveAt(nowMicros) && !holder.equals(node);
    }

    /** The holder while it is live at {@code nowMicros}, otherwise null. */
    public String holderAt(long nowMicros) {
        return liveAt(nowMicros) ? holder : null;
    }

    /** The same holder's lease kept alive at {@code nowMicros}: it runs {@code ttlMicros} from then. */
    public Lease renewedAt(long nowMicros, long ttlMicros) {
        return grant(holder, nowMicros, ttlMicros);
    }
}
