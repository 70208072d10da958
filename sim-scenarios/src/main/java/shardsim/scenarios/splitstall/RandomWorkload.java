package shardsim.scenarios.splitstall;

import java.util.List;
import shardsim.core.random.SimRandom;
import shardsim.core.sim.Simulation;

/** Writes to every region at random gaps and sizes, through whichever store leads it, until the end. */
final class RandomWorkload {
    private RandomWorkload() {
    }

    static void start(Simulation sim, SplitStallScenario.Cluster cluster, List<RegionSpec> regions, PlanParams p, long endMicros) {
        for (RegionSpec r : regions) {
            next(sim, cluster, r.regionId(), p, sim.random().fork("workload/" + r.regionId()), endMicros);
        }
    }

    private static void next(Simulation sim, SplitStallScenario.Cluster cluster, long regionId, PlanParams p, SimRandom r, long endMicros) {
        long gap = 1 + r.exponentialMicros(p.writeMeanMicros(), 20 * p.writeMeanMicros());
        if (sim.now() + gap >= endMicros) {
            return;
        }
        sim.after(gap, "write " + regionId, () -> {
            cluster.write(regionId, r.between(p.writeMinBytes(), p.writeMaxBytes()));
            next(sim, cluster, regionId, p, r, endMicros);
        });
    }
}
