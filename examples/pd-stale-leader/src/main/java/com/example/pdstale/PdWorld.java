package com.example.pdstale;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import shardsim.core.random.SimRandom;
import shardsim.core.run.World;

/** PD, three stores each holding a replica of every region, and each region's epoch, first leader and term. */
record PdWorld(List<Region> regions, long heartbeatMicros, long tailStartMicros) implements World {
    static final String PD = "pd";
    static final List<String> STORES = List.of("store-1", "store-2", "store-3");
    static final long SECOND = 1_000_000;
    /** Raft heartbeats: TiKV's raft-base-tick-interval (1 s) times raft-heartbeat-ticks (2). */
    static final long RAFT_TICK_MICROS = 2 * SECOND;

    record Region(long id, long version, long confVer, String leader, long term) {
    }

    /** Region 2, led by store-1 at term 5; a heartbeat every 60 s, TiKV's default. */
    static PdWorld documented() {
        return new PdWorld(List.of(new Region(2, 1, 1, "store-1", 5)), 60 * SECOND, 120 * SECOND);
    }

    /** One to five regions; a heartbeat every 10 to 60 s. */
    static PdWorld draw(SimRandom r) {
        List<Region> regions = new ArrayList<>();
        for (int id = 1, n = 1 + r.nextInt(5); id <= n; id++) {
            regions.add(new Region(id, r.between(1, 20), r.between(1, 5), STORES.get(r.nextInt(3)), r.between(1, 9)));
        }
        return new PdWorld(List.copyOf(regions), r.between(10, 60) * SECOND, 600 * SECOND);
    }

    /** Four heartbeats into the quiet tail: P2 is judged from the third on. */
    long endMicros() {
        return tailStartMicros + 4 * heartbeatMicros;
    }

    List<Long> regionIds() {
        return regions.stream().map(Region::id).toList();
    }

    @Override
    public List<String> nodes() {
        List<String> out = new ArrayList<>(List.of(PD));
        out.addAll(STORES);
        return out;
    }

    /** Only PD: stores hold no elections, so a leader that crashed would leave its regions leaderless. */
    @Override
    public List<String> crashableNodes() {
        return List.of(PD);
    }

    /**
     * One role, PD: the only node whose code differs between the modes. The stores run no
     * versioned code, so they are in no role: they run the run's mode (the same code in both),
     * a rollout leaves them alone, and {@code --node-mode} cannot name them.
     */
    @Override
    public Map<String, List<String>> roles() {
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        out.put(PD, List.of(PD));
        return out;
    }

    /** One parameter, so no order to keep: the whole world as text. */
    @Override
    public Map<String, Object> params() {
        return Map.of("world", this);
    }
}
