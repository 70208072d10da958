package shardsim.scenarios.splitstall.checks;

import java.util.List;
import shardsim.core.check.Invariant;
import shardsim.core.check.SimView;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitOperation;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * U8, the converse of U7: a split the size check starts (not one the workload forced) starts only
 * when the region's applied size is at least {@code splitSizeBytes}. A split starts at the
 * pre-split change set the applier acts on (the first of its epoch, {@link AppliedSize}); the size
 * there is U7's own count, every write before that entry in the log, halved at each split that
 * finished, so a model that miscounts its size (a finished split that does not halve it) is caught
 * splitting a region that is below the size.
 *
 * <p>Upstream (ngaut/unistore b4ca36b): the size-triggered path is the only one that starts a split
 * on its own. The split checker ({@code tikv/raftstore/worker.go:208-218}) asks the engine for split
 * keys against {@code RegionMaxSize} and calls {@code splitEngineAndRegion} only when it gets some;
 * {@code engine/shard.go:253-257} getSuggestSplitKeys returns none while the shard's estimated size
 * is below the target. (The PD half-split, {@code fsm_peer.go:1114-1130}, queues the same check.)
 * The leader checks the size it has applied and proposes the pre-split after it, so every entry
 * before the pre-split includes what it had applied: the size there is at least what the checker
 * saw. A split the workload forces ({@link SplitOperation.SplitCheck}, upstream the SplitRegion RPC,
 * {@code tikv/raftstore/router.go:124}, which calls {@code splitEngineAndRegion} with the caller's
 * keys whatever the size) is excused: every split of a (region, epoch) a forced pick named
 * ({@link ForcedPicks}). No fault excuses a split below the size. It samples every
 * {@value #SAMPLE_MICROS} us and reports the first such split, once.
 */
public final class SplitStartCheck implements Invariant {
    static final long SAMPLE_MICROS = 100_000;

    private final SimView sim;
    private final List<String> stores;
    private final List<Long> regionIds;
    private final AppliedSize size;
    private final long splitSizeBytes;
    private final ForcedPicks forced;
    private final SampleGate gate = new SampleGate(SAMPLE_MICROS, 0);
    private String found;

    public SplitStartCheck(
            SimView sim, List<String> stores, List<RegionSpec> regions, StoreConfig cfg, ForcedPicks forced) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.regionIds = regions.stream().map(RegionSpec::regionId).toList();
        this.size = new AppliedSize(stores, regions);
        this.splitSizeBytes = cfg.splitSizeBytes();
        this.forced = forced;
    }

    @Override
    public String name() {
        return SplitChecks.U8.name();
    }

    @Override
    public String check() {
        long now = sim.now();
        if (!gate.due(now)) {
            return null;
        }
        for (int s = 0; s < stores.size() && found == null; s++) {
            Store st = sim.node(stores.get(s), Store.class);
            if (st != null) {
                int store = s;
                size.follow(s, st, (applier, r, ver, index, bytes) -> judge(store, r, ver, index, bytes));
            }
        }
        if (found != null) {
            gate.reported();
            return found;
        }
        return null;
    }

    private void judge(int s, int r, long ver, long index, long bytes) {
        if (found == null && bytes < splitSizeBytes && !forced.forced(regionIds.get(r), ver)) {
            found = "region " + regionIds.get(r) + " at epoch " + ver
                    + ": a split the size check started (pre-split at log index " + index
                    + ", applied on " + stores.get(s) + ") with the region's applied size " + bytes
                    + " bytes, below the split size " + splitSizeBytes
                    + ", and no split-checker pick of the workload named the epoch";
        }
    }
}
