package shardsim.scenarios.splitstall.plan;

import java.util.List;
import shardsim.core.random.SimRandom;
import shardsim.core.workload.Workload;

/**
 * The workload of a generated plan, drawn up front: for each region, writes at random gaps and
 * sizes until the end of the run, from that region's own fork, so the numbers are the ones the
 * run used to draw as it went (gap, size, gap, size, ...); then split-checker picks from a fork of
 * their own, so the writes keep their values.
 *
 * <p>A pick is an operator's or client's request to split a region whatever its size: upstream the
 * SplitRegion RPC ({@code tikv/server.go:699}, {@code tikv/region.go:435}, then
 * {@code tikv/raftstore/router.go:124} at ngaut/unistore b4ca36b) runs {@code splitEngineAndRegion}
 * with the caller's keys, the same pre-split the split checker proposes (and, like it, refused
 * unless the engine's split stage is INITIAL, {@code worker.go:248-259}). The model queues it on the
 * split checker, as the documented plan's picks. Picks come at exponential gaps (mean rate
 * {@link PlanParams#splitChecksPerMinute()}) in the fault window, each naming a region and a store
 * drawn uniformly: blind to the run, so most name a follower and propose nothing. A pick after the
 * fault window would start a split U3 cannot judge.
 */
public final class RandomWorkload {
    private RandomWorkload() {}

    public static Workload draw(SimRandom root, List<RegionSpec> regions, PlanParams p, long endMicros) {
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
        drawSplitChecks(root.fork("workload/split-checks"), b, regions, p);
        return b.build();
    }

    /** At most this many picks in a run (a swarm rate near its top gives about two). */
    static final int MAX_SPLIT_CHECKS = 16;

    private static void drawSplitChecks(SimRandom random, Workload.Builder b, List<RegionSpec> regions, PlanParams p) {
        if (p.splitChecksPerMinute() <= 0) {
            return;
        }
        long start = PlanTimes.FAULT_START_MICROS;
        long end = PlanTimes.FAULT_END_MICROS;
        double meanGap = 60_000_000.0 / p.splitChecksPerMinute();
        long at = start;
        for (int i = 0; i < MAX_SPLIT_CHECKS; i++) {
            at += 1 + random.exponentialMicros(meanGap, end - start);
            if (at >= end) {
                break;
            }
            b.at(at, new SplitOperation.SplitCheck(random.pick(regions).regionId(), random.pick(PlanTimes.STORES)));
        }
    }
}
