package shardsim.scenarios.splitstall;

import java.util.List;
import shardsim.core.check.Invariant;
import shardsim.core.sim.Simulation;

/**
 * U4: a store's engine (epoch, split stage) for a region only moves forward, and never passes the
 * persisted meta's (epoch, stage); the engine sequence never passes the meta's seq. The last value
 * seen is kept here, so a restart that loses ground is caught too.
 */
final class StageOrderCheck implements Invariant {
    private final Simulation sim;
    private final List<String> stores;
    private final long[] regionIds;
    private final long[][] lastVer;
    private final int[][] lastStage;

    StageOrderCheck(Simulation sim, List<String> stores, List<RegionSpec> regions) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.regionIds = new long[regions.size()];
        for (int r = 0; r < regions.size(); r++) {
            regionIds[r] = regions.get(r).regionId();
        }
        this.lastVer = new long[stores.size()][regions.size()];
        this.lastStage = new int[stores.size()][regions.size()];
    }

    @Override
    public String name() {
        return "U4";
    }

    @Override
    public String check() {
        for (int s = 0; s < stores.size(); s++) {
            Store store = (Store) sim.node(stores.get(s));
            if (store == null) {
                continue;
            }
            List<RegionPeer> peers = store.peers();
            for (int r = 0; r < peers.size(); r++) {
                RegionPeer p = peers.get(r);
                long ver = p.engineVer();
                int stage = p.engineStage().ordinal();
                ShardMeta meta = p.meta();
                if (ver < lastVer[s][r] || (ver == lastVer[s][r] && stage < lastStage[s][r])) {
                    return stores.get(s) + " engine of region " + regionIds[r] + " went back from " + lastVer[s][r] + "/" + SplitStage.values()[lastStage[s][r]]
                            + " to " + ver + "/" + p.engineStage();
                }
                if (ver > meta.shardVer() || (ver == meta.shardVer() && stage > meta.splitStage().ordinal()) || p.engineSequence() > meta.seq()) {
                    return stores.get(s) + " engine of region " + regionIds[r] + " at " + ver + "/" + p.engineStage() + " seq " + p.engineSequence()
                            + " passed its persisted meta " + meta.shardVer() + "/" + meta.splitStage() + " seq " + meta.seq();
                }
                lastVer[s][r] = ver;
                lastStage[s][r] = stage;
            }
        }
        return null;
    }
}
