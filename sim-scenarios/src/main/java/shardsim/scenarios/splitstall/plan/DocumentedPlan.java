package shardsim.scenarios.splitstall.plan;

import java.util.List;
import shardsim.core.fault.FaultPlan;
import shardsim.core.workload.Workload;

/**
 * The log as a script (times are the log's seconds past 09:00, so 09:15.086 is t=15.086s):
 * region 150 at epoch 48 is led by store 2 at term 6; its split checker starts a split at 13.863;
 * PRE_SPLIT is applied on every store; store 2's pre-split flush is slow (89 MB); at 15.086 the
 * leadership moves to store 3 (term 7) before any store has applied the flush change set.
 * Regions 151 and 152 are the neighbours whose change sets share store 3's region worker. At
 * 24.880 store 3's split checker picks region 150 again, as in the report: preSplitRegion reads the
 * engine's stage, still PRE_SPLIT behind the stuck worker.
 */
public final class DocumentedPlan {
    static final long SPLIT_CHECK_MICROS = 13_863_000;
    /** The report's store-3 check (09:24.880). */
    static final long STORE3_CHECK_MICROS = 24_880_000;

    static final long SLOW_FLUSH_MICROS = 13_000_000;
    static final long TRANSFER_MICROS = 15_086_000;
    static final long END_MICROS = 45_000_000;
    static final long WRITE_GAP_MICROS = 100_000;
    static final long WRITE_BYTES = 200_000;
    /** Region 150 grows slower, so that it reaches the log's 16000000 bytes when the checker picks it. */
    static final long WRITE_BYTES_150 = 50_000;

    private DocumentedPlan() {}

    public static List<RegionSpec> regions() {
        return List.of(
                new RegionSpec(150, 48, 6, "store-2", 9_100_000),
                new RegionSpec(151, 12, 3, "store-1", 4_000_000),
                new RegionSpec(152, 30, 4, "store-3", 4_000_000));
    }

    /**
     * Only the scripted checks run: the periodic size check never fires within the run (the split
     * size stays 16000000, which the checker logs as the report does); flushes take 250-280 ms as in the log.
     */
    public static StoreConfig storeConfig() {
        return StoreConfig.defaults().withSplitCheckMicros(END_MICROS * 4).withFlushMicros(250_000, 280_000);
    }

    public static FaultPlan faults() {
        return FaultPlan.builder()
                .at(SLOW_FLUSH_MICROS, new SplitFaults.SlowFlush("store-2", 1_200_000))
                .at(TRANSFER_MICROS, new SplitFaults.TransferLeader(150, "store-3"))
                .build();
    }

    /** Steady writes to every region, and the split checker picking region 150 on store 2. */
    public static Workload workload() {
        Workload.Builder b = Workload.builder();
        for (RegionSpec r : regions()) {
            long bytes = r.regionId() == 150 ? WRITE_BYTES_150 : WRITE_BYTES;
            for (long at = WRITE_GAP_MICROS; at < END_MICROS; at += WRITE_GAP_MICROS) {
                b.at(at, new SplitOperation.Write(r.regionId(), bytes));
            }
        }
        b.at(SPLIT_CHECK_MICROS, new SplitOperation.SplitCheck(150, "store-2"));
        b.at(STORE3_CHECK_MICROS, new SplitOperation.SplitCheck(150, "store-3"));
        return b.build();
    }
}
