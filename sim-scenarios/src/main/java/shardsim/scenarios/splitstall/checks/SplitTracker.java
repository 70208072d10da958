package shardsim.scenarios.splitstall.checks;

import java.util.List;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.splitstall.model.SplitEvents;
import shardsim.scenarios.splitstall.plan.RegionSpec;

/**
 * The observer's record of splits: when each region's current split started (its PRE_SPLIT first
 * applied anywhere) and whether it finished (its epoch moved). Never read by the stores.
 */
public final class SplitTracker implements SplitEvents {
    private final Simulation sim;
    private final long[] regionIds;
    private final long[] startedVer;
    private final long[] startedAt;
    private final long[] finishedVer;
    private long started;
    private long finished;

    public SplitTracker(Simulation sim, List<RegionSpec> regions) {
        this.sim = sim;
        int n = regions.size();
        regionIds = new long[n];
        startedVer = new long[n];
        startedAt = new long[n];
        finishedVer = new long[n];
        for (int i = 0; i < n; i++) {
            regionIds[i] = regions.get(i).regionId();
            startedVer[i] = -1;
            finishedVer[i] = -1;
        }
    }

    /** The regions of the run's world, in order. */
    List<Long> regionIds() {
        return java.util.Arrays.stream(regionIds).boxed().toList();
    }

    int index(long regionId) {
        for (int i = 0; i < regionIds.length; i++) {
            if (regionIds[i] == regionId) {
                return i;
            }
        }
        throw new IllegalArgumentException("unknown region " + regionId);
    }

    @Override
    public void preSplitApplied(long regionId, long shardVer) {
        int i = index(regionId);
        if (startedVer[i] < shardVer) {
            startedVer[i] = shardVer;
            startedAt[i] = sim.now();
            started++;
        }
    }

    @Override
    public void splitFinished(long regionId, long shardVer) {
        int i = index(regionId);
        if (finishedVer[i] < shardVer) {
            finishedVer[i] = shardVer;
            finished++;
            if (startedVer[i] == shardVer) {
                sim.record().metrics().record("split-duration", sim.now() - startedAt[i]);
            }
        }
    }

    /** The first split started no later than {@code startedByMicros} that has not finished, or null. */
    public String unfinishedSplit(long startedByMicros) {
        for (int i = 0; i < regionIds.length; i++) {
            if (startedVer[i] >= 0 && finishedVer[i] < startedVer[i] && startedAt[i] <= startedByMicros) {
                return "split of region " + regionIds[i] + " at epoch " + startedVer[i] + " started at t="
                        + shardsim.core.trace.Micros.format(startedAt[i]) + " has not finished";
            }
        }
        return null;
    }

    /** A split that has started and not finished: its region, epoch and when its PRE_SPLIT was first applied. */
    public record Open(long regionId, long shardVer, long startedAtMicros) {}

    /** The splits started no later than {@code startedByMicros} that have not finished, in region order. */
    public List<Open> unfinished(long startedByMicros) {
        List<Open> out = new java.util.ArrayList<>();
        for (int i = 0; i < regionIds.length; i++) {
            if (startedVer[i] >= 0 && finishedVer[i] < startedVer[i] && startedAt[i] <= startedByMicros) {
                out.add(new Open(regionIds[i], startedVer[i], startedAt[i]));
            }
        }
        return out;
    }

    @Override
    public long started() {
        return started;
    }

    @Override
    public long finished() {
        return finished;
    }
}
