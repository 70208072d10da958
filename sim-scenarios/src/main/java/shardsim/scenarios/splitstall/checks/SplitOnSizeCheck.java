package shardsim.scenarios.splitstall.checks;

import java.util.Arrays;
import java.util.List;
import shardsim.core.check.Invariant;
import shardsim.core.check.SimView;
import shardsim.core.trace.Micros;
import shardsim.scenarios.splitstall.model.RaftReplica;
import shardsim.scenarios.splitstall.model.SplitDriver;
import shardsim.scenarios.splitstall.model.SplitStage;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * U7, a region past the split size gets split: once the faults have been over for
 * {@link TailTimes#settleMicros() settle}, a region whose leader has applied writes past
 * {@code splitSizeBytes} while its meta and engine are both INITIAL in the same epoch (no split
 * started) starts one, its stage leaving INITIAL, within {@value #CHECK_PERIODS} split-check periods.
 *
 * <p>Upstream (ngaut/unistore b4ca36b): every {@code SplitRegionCheckTickInterval}
 * ({@code tikv/raftstore/config.go:176}) a leader queues a split check
 * ({@code fsm_peer.go:1025-1043} onSplitRegionCheckTick, leaders only); the checker asks the engine
 * for split keys against {@code RegionMaxSize} ({@code worker.go:208-218}), and
 * {@code engine/shard.go:253-257} getSuggestSplitKeys returns none only while the shard's estimated
 * size is below it, so a shard at or past the size gets keys and {@code splitEngineAndRegion}
 * proposes the pre-split. The model's checker ({@link SplitDriver#splitCheck}) uses the applied size
 * and {@code splitSizeBytes} for both.
 *
 * <p>The size is the check's own ({@link AppliedSize}): the region's bootstrap size plus every write
 * in the log up to what each store has applied, halved at each split that finished, read from the
 * replicas' logs, so a model that miscounts its size does not excuse itself. A fault in force clears
 * what the check has seen; a leaderless region is U6's to judge. It samples every
 * {@value #SAMPLE_MICROS} us and reports the first region past the bound, once.
 */
public final class SplitOnSizeCheck implements Invariant {
    static final long SAMPLE_MICROS = 100_000;
    /** Split-check periods allowed: the next tick, the split checker's queue (a split-files wait on the same worker), commit and apply. */
    static final int CHECK_PERIODS = 5;

    private final SimView sim;
    private final List<String> stores;
    private final List<Long> regionIds;
    private final AppliedSize size;
    private final StoreConfig cfg;
    private final TailTimes times;
    private final long[] overSinceMicros;
    private final long[] overVer;
    private final SampleGate gate = new SampleGate(SAMPLE_MICROS, 0);

    public SplitOnSizeCheck(
            SimView sim, List<String> stores, List<RegionSpec> regions, StoreConfig cfg, TailTimes times) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.regionIds = regions.stream().map(RegionSpec::regionId).toList();
        this.size = new AppliedSize(stores, regions);
        this.cfg = cfg;
        this.times = times;
        overSinceMicros = new long[regionIds.size()];
        overVer = new long[regionIds.size()];
        Arrays.fill(overSinceMicros, -1);
    }

    @Override
    public String name() {
        return SplitChecks.U7.name();
    }

    @Override
    public String check() {
        long now = sim.now();
        if (!gate.due(now)) {
            return null;
        }
        for (int s = 0; s < stores.size(); s++) {
            Store st = sim.node(stores.get(s), Store.class);
            if (st != null) {
                size.follow(s, st);
            }
        }
        long quiet = sim.quietSinceMicros();
        if (quiet < 0) {
            Arrays.fill(overSinceMicros, -1);
            return null;
        }
        long bound = CHECK_PERIODS * cfg.splitCheckMicros();
        for (int r = 0; r < regionIds.size(); r++) {
            int leader = leader(regionIds.get(r));
            SplitDriver d = leader < 0
                    ? null
                    : sim.node(stores.get(leader), Store.class)
                            .peer(regionIds.get(r))
                            .split();
            long bytes = leader < 0 ? 0 : size.bytes(leader, r);
            boolean waiting = d != null
                    && bytes >= cfg.splitSizeBytes()
                    && d.meta().splitStage() == SplitStage.INITIAL
                    && d.engineStage() == SplitStage.INITIAL
                    && d.engineVer() == d.meta().shardVer();
            if (!waiting) {
                overSinceMicros[r] = -1;
                continue;
            }
            if (overSinceMicros[r] < 0 || overVer[r] != d.engineVer()) {
                overSinceMicros[r] = now;
                overVer[r] = d.engineVer();
            }
            long since = Math.max(overSinceMicros[r], quiet + times.settleMicros());
            if (now - since > bound) {
                gate.reported();
                return "region " + regionIds.get(r) + " at epoch " + d.engineVer()
                        + ": its leader has applied writes to " + bytes + " bytes (split size "
                        + cfg.splitSizeBytes() + ") since t=" + Micros.format(overSinceMicros[r])
                        + " and no split has started in "
                        + Micros.format(now - since) + " (" + CHECK_PERIODS + " split-check periods: "
                        + Micros.format(bound) + ")";
            }
        }
        return null;
    }

    /** The index of the live store leading the region with the highest term, or -1. */
    private int leader(long regionId) {
        int best = -1;
        long bestTerm = -1;
        for (int i = 0; i < stores.size(); i++) {
            Store s = sim.node(stores.get(i), Store.class);
            if (s != null) {
                RaftReplica p = s.peer(regionId).raft();
                if (p.isLeader() && p.term() > bestTerm) {
                    best = i;
                    bestTerm = p.term();
                }
            }
        }
        return best;
    }
}
