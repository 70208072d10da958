package shardsim.scenarios.versionskew.model;

import java.util.TreeMap;
import shardsim.core.blocks.Lease;

/**
 * The shard locks in etcd that keep a shard open on one data node at a time
 * (cluster/src/shard_lock_manager.rs at horaedb 642934ae). A lock is a key created with a lease
 * only if it does not exist ({@code create_lock_with_lease}, a transaction comparing the key's
 * version with 0); the node that holds it keeps the lease alive, and a node that asks again for a
 * lock it holds, or whose key still carries its own value, gets it back at once
 * ({@code maybe_fast_acquire_lock}). Closing a shard revokes the lease ({@code release_shard_lock});
 * a node that stops (a crash) stops keeping it alive, so its locks expire one TTL
 * ({@code shard_lock_lease_ttl_sec} = 30, cluster/src/config.rs) after their last keepalive.
 * etcd is outside every process of the model, so this object outlives their crashes.
 */
public final class ShardLocks {
    /** The lease's time to live. */
    static final long TTL_MICROS = 30_000_000;
    /** How often a holder keeps its leases alive: well inside the TTL, as the keepalive loop does. */
    static final long KEEPALIVE_MICROS = TTL_MICROS / 3;

    private final TreeMap<Integer, Lease> locks = new TreeMap<>();

    /** Grants the shard's lock to {@code node} unless another node holds it with a live lease. */
    boolean acquire(int shardId, String node, long nowMicros) {
        Lease l = locks.get(shardId);
        if (l != null && l.heldByOtherThan(node, nowMicros)) {
            return false;
        }
        locks.put(shardId, Lease.grant(node, nowMicros, TTL_MICROS));
        return true;
    }

    /** The holder keeps its lease alive. */
    void keepAlive(int shardId, String node, long nowMicros) {
        Lease l = locks.get(shardId);
        if (l != null && l.heldBy(node, nowMicros)) {
            locks.put(shardId, l.renewedAt(nowMicros, TTL_MICROS));
        }
    }

    /** The holder revokes its lease: the key goes. */
    void release(int shardId, String node) {
        Lease l = locks.get(shardId);
        if (l != null && l.holder().equals(node)) {
            locks.remove(shardId);
        }
    }

    /** The node holding the shard's lock with a live lease, or null. For checkers and coverage. */
    public String holder(int shardId, long nowMicros) {
        Lease l = locks.get(shardId);
        return l == null ? null : l.holderAt(nowMicros);
    }
}
