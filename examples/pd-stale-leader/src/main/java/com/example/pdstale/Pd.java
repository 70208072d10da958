package com.example.pdstale;

import java.util.Map;
import java.util.TreeMap;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;

/**
 * PD's region cache, fed by region heartbeats. The pre-check follows PreCheckPutRegion
 * (tikv/pd server/core/basic_cluster.go at a9cdb2d4e5 and its parent), the write
 * processRegionHeartbeat (server/cluster/cluster.go there). The cache is volatile.
 */
final class Pd implements Node {
    /** What PD caches of a region (core.RegionInfo, reduced to what this bug needs). */
    record RegionInfo(long version, long confVer, String leader, long term) {
    }

    private final NodeContext ctx;
    private final PdMode mode;
    private final Map<Long, RegionInfo> cache = new TreeMap<>();

    Pd(NodeContext ctx, PdMode mode) {
        this.ctx = ctx;
        this.mode = mode;
    }

    RegionInfo cached(long regionId) {
        return cache.get(regionId);
    }

    @Override
    public void onMessage(Envelope envelope) {
        if (!(envelope.message() instanceof PdMessage.RegionHeartbeat h)) {
            throw new IllegalArgumentException("pd got unexpected " + envelope.message());
        }
        RegionInfo o = cache.get(h.regionId());
        if (o != null) {
            boolean epochBehind = h.version() < o.version() || h.confVer() < o.confVer();
            // Upstream never finds a term of 0 (TiKV before 3.0) behind.
            if (epochBehind || (mode.rejectsStaleTerm() && h.term() > 0 && h.term() < o.term())) {
                ctx.trace("region " + h.regionId() + " is stale: heartbeat " + h + ", cached " + o);
                return;
            }
        }
        // Upstream writes the cache for a new region, a newer epoch, another leader, or traffic statistics that differ from the
        // cached ones; the model's heartbeats stand for regions with traffic, so every heartbeat that passes the pre-check is written.
        cache.put(h.regionId(), new RegionInfo(h.version(), h.confVer(), h.leader(), h.term()));
        if (o == null || !h.leader().equals(o.leader())) {
            ctx.trace("region " + h.regionId() + " leader changed from " + (o == null ? "none" : o.leader()) + " to " + h.leader() + " (term " + h.term() + ")");
        }
    }
}
