package com.example.pdstale;

import java.util.Map;
import java.util.TreeMap;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;

/**
 * A TiKV store with a replica of every region. A leader heartbeats PD on taking over and every
 * interval after, and the other stores every Raft tick; a replica that hears a higher term adopts
 * it (a leader steps down). A transfer re-sends TimeoutNow each tick until the old leader hears the
 * new term, so a region always has a leader, and a term at most one.
 */
final class Store implements Node {
    /** One replica's Raft state; {@code transferee} is the target of a transfer in progress. */
    private static final class Replica {
        final PdWorld.Region region;
        long term;
        boolean leader;
        String transferee;

        Replica(PdWorld.Region region) {
            this.region = region;
            this.term = region.term();
        }
    }

    private final NodeContext ctx;
    private final long heartbeatMicros;
    private final Map<Long, Replica> replicas = new TreeMap<>();

    Store(NodeContext ctx, PdWorld world) {
        this.ctx = ctx;
        this.heartbeatMicros = world.heartbeatMicros();
        world.regions().forEach(r -> replicas.put(r.id(), new Replica(r)));
    }

    @Override
    public void onStart() {
        for (Replica r : replicas.values()) {
            if (r.region.leader().equals(ctx.name())) {
                lead(r, r.term);
            }
        }
        tick();
    }

    /** The term at which this store leads {@code regionId}, or -1. */
    long leadsAt(long regionId) {
        Replica r = replicas.get(regionId);
        return r != null && r.leader ? r.term : -1;
    }

    /** Starts handing the region to {@code to}, unless a transfer is in progress or {@code to} is this store. */
    void transferLeader(long regionId, String to) {
        Replica r = replicas.get(regionId);
        if (r.transferee != null || to.equals(ctx.name())) {
            ctx.trace("transfer of region " + regionId + " to " + to + " skipped");
            return;
        }
        r.transferee = to;
        ctx.send(to, new PdMessage.TimeoutNow(regionId, r.term));
    }

    @Override
    public void onMessage(Envelope envelope) {
        if (envelope.message() instanceof PdMessage.TimeoutNow t) {
            Replica r = replicas.get(t.regionId());
            if (!r.leader && r.term <= t.term()) {
                lead(r, t.term() + 1);
            }
        } else if (envelope.message() instanceof PdMessage.Append a) {
            Replica r = replicas.get(a.regionId());
            if (a.term() > r.term) {
                if (r.leader) {
                    ctx.trace("region " + a.regionId() + " steps down at term " + r.term + ": " + envelope.from() + " leads at term " + a.term());
                }
                r.term = a.term();
                r.leader = false;
                r.transferee = null;
            }
        } else {
            throw new IllegalArgumentException("store got unexpected " + envelope.message());
        }
    }

    private void lead(Replica r, long term) {
        r.term = term;
        r.leader = true;
        ctx.trace("region " + r.region.id() + " becomes leader at term " + term);
        heartbeat(r, term);
    }

    /** A heartbeat to PD now, and again an interval later while this store still leads at {@code term}. */
    private void heartbeat(Replica r, long term) {
        if (r.leader && r.term == term) {
            PdWorld.Region g = r.region;
            ctx.send(PdWorld.PD, new PdMessage.RegionHeartbeat(g.id(), g.version(), g.confVer(), ctx.name(), term));
            ctx.setTimer("pd heartbeat " + g.id(), heartbeatMicros, () -> heartbeat(r, term));
        }
    }

    /** Each Raft tick a leader tells the other stores its term, and re-sends a transfer in progress. */
    private void tick() {
        for (Replica r : replicas.values()) {
            if (!r.leader) {
                continue;
            }
            for (String s : PdWorld.STORES) {
                if (!s.equals(ctx.name())) {
                    ctx.send(s, new PdMessage.Append(r.region.id(), r.term));
                }
            }
            if (r.transferee != null) {
                ctx.send(r.transferee, new PdMessage.TimeoutNow(r.region.id(), r.term));
            }
        }
        ctx.setTimer("raft tick", PdWorld.RAFT_TICK_MICROS, this::tick);
    }
}
