package shardsim.scenarios.splitstall;

import java.util.List;
import shardsim.core.random.SimRandom;
import shardsim.core.workload.Workload;

/**
 * The writes of a generated plan, drawn up front: for each region, writes at random gaps and
 * sizes until the end of the run, from that region's own fork, so the numbers are the ones the
 * run used to draw as it went (gap, size, gap, size, ...).
 */
final class RandomWorkload {
    private RandomWorkload() {
    }

    static Workload draw(SimRandom root, List<RegionSpec> regions, PlanParams p, long endMicros) {
        Workload.Builder b = Workload.builder();
        for (RegionSpec r : regions) {
            SimRandom random = root.fork("workload/" + r.regionId());
            long at = 0;
            while (true) {
                long gap = 1 + random.exponentialMicros(p.writeMeanMicros(), 20 * p.writeMeanMicros());
                if (at + gap >= endMicros) {
                    break;
                }
                at += gap;
                b.at(at, new SplitOperation.Write(r.regionId(), random.between(p.writeMinBytes(), p.writeMaxBytes())));
            }
        }
        return b.build();
    }
}
