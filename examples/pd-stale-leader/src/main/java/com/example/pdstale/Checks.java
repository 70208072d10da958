package com.example.pdstale;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.blocks.Eventually;
import shardsim.core.blocks.Samples;
import shardsim.core.check.Invariant;
import shardsim.core.check.Rule;
import shardsim.core.sim.Simulation;

/**
 * P1 after every event and P2 at samples in the quiet tail, read from PD's cache and the stores'
 * Raft state. A region's current leader is the store leading it at the highest term.
 */
final class Checks {
    static final Rule P1 = new Rule("P1", "once pd's cache holds a region's current leader and term, it names no other store while that leader still leads");
    static final Rule P2 = new Rule("P2", "three heartbeat intervals after the faults end, pd's cache names every region's current leader");
    static final List<Rule> ALL = List.of(P1, P2);

    private record Lead(String store, long term, long sinceMicros) {
    }

    private final Cluster cluster;
    private final Simulation sim;
    private final Map<Long, Lead> current = new TreeMap<>();
    /** Per region, the current leader (store and term) PD's cache has held; forgotten when PD restarts with a new, empty cache. */
    private final Map<Long, Lead> known = new TreeMap<>();
    private Pd pdSeen;

    private Checks(Cluster cluster) {
        this.cluster = cluster;
        this.sim = cluster.sim;
    }

    static void register(Cluster cluster) {
        Checks c = new Checks(cluster);
        PdWorld w = cluster.world;
        c.sim.checks().invariant(Invariant.of(P1, c::p1));
        Samples tail = new Samples(w.tailStartMicros() + 3 * w.heartbeatMicros(), w.endMicros(), w.heartbeatMicros());
        Eventually.afterFaults(c.sim, P2, 3 * w.heartbeatMicros(), tail, "P2 sample", c::p2);
    }

    /** The region's current leader, or null before the stores boot. */
    private Lead lead(long regionId) {
        String s = cluster.leader(regionId);
        if (s == null) {
            return null;
        }
        long term = cluster.store(s).leadsAt(regionId);
        Lead before = current.get(regionId);
        if (before == null || !before.store().equals(s) || before.term() != term) {
            current.put(regionId, new Lead(s, term, sim.now()));
        }
        return current.get(regionId);
    }

    private String p1() {
        Pd pd = sim.nodes().node(PdWorld.PD, Pd.class);
        if (pd != pdSeen) {
            known.clear();
            pdSeen = pd;
        }
        for (long id : cluster.world.regionIds()) {
            Lead now = lead(id);
            Pd.RegionInfo cached = pd == null ? null : pd.cached(id);
            if (now == null) {
                continue;
            }
            // PD knows the current leader once it took that leader's own heartbeat: the same store at an older term is not knowing it.
            if (cached != null && cached.leader().equals(now.store()) && cached.term() == now.term()) {
                known.put(id, now);
            } else if (cached != null && now.equals(known.get(id))) {
                return "pd's cache names " + cached.leader() + " (term " + cached.term() + ") as leader of region " + id + ", but " + now.store()
                        + ", which pd already knew as leader at term " + now.term() + ", still leads";
            }
        }
        return null;
    }

    /** Judged once the faults have been over for three heartbeats, for leaders of at least two (one may not have been heard yet). */
    private String p2() {
        long hb = cluster.world.heartbeatMicros();
        Pd pd = sim.nodes().node(PdWorld.PD, Pd.class);
        for (long id : cluster.world.regionIds()) {
            Lead now = lead(id);
            Pd.RegionInfo cached = pd == null ? null : pd.cached(id);
            if (now != null && sim.now() - now.sinceMicros() >= 2 * hb && (cached == null || !cached.leader().equals(now.store()))) {
                return "pd's cache names " + (cached == null ? "no leader" : cached.leader()) + " for region " + id + ", whose leader is "
                        + now.store() + " (term " + now.term() + ")";
            }
        }
        return null;
    }
}
