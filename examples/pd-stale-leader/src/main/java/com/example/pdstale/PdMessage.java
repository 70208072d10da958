package com.example.pdstale;

import shardsim.core.node.Message;

/** What the stores and PD say to one another. */
sealed interface PdMessage extends Message {
    /** A region's leader tells PD the region's epoch, its leader and the Raft term (pdpb.RegionHeartbeatRequest). */
    record RegionHeartbeat(long regionId, long version, long confVer, String leader, long term) implements PdMessage {
    }

    /** The leader at {@code term} hands the region to the receiver, which leads at term + 1 (etcd raft's MsgTimeoutNow, votes abstracted). */
    record TimeoutNow(long regionId, long term) implements PdMessage {
    }

    /** The leader's Raft heartbeat to the other replicas: a replica at a lower term adopts it and, if it led, steps down. */
    record Append(long regionId, long term) implements PdMessage {
    }
}
