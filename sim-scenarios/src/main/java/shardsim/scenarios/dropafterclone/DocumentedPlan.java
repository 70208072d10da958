package shardsim.scenarios.dropafterclone;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.fault.FaultPlan;
import shardsim.core.workload.Workload;

/**
 * The bug report's timeline (Doris, May 2021): one single-replica tablet, 11415, on BEs A, B, C.
 * Move A to B; move B to C; B's next report still lists the tablet, so the FE issues a DROP to B,
 * which waits behind a busy drop pool; move C to B, whose incremental clone finishes at once; then
 * the waiting DROP runs on B. The backend ids are the report's where it names them (B = 10006,
 * C = 10004).
 *
 * <p>As data: a fixed world, three balance moves and one stalled drop pool. A plan with base
 * {@code documented} runs other faults and moves in the same world.
 */
final class DocumentedPlan {
    static final long TABLET = 11415;
    static final String A = "be10005";
    static final String B = "be10006";
    static final String C = "be10004";
    static final long SECOND = DorisConfig.SECOND;
    static final long FAULT_WINDOW_START_MICROS = SECOND;
    static final long TAIL_START_MICROS = 60 * SECOND;
    static final long END_MICROS = TAIL_START_MICROS + 300 * SECOND;

    private DocumentedPlan() {
    }

    static DorisWorld world() {
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(TABLET, List.of(A));
        Map<String, Long> phases = new LinkedHashMap<>();
        // Reports land between the moves as in the report: A's and B's after step 2, C's after step 3.
        phases.put(A, 25 * SECOND);
        phases.put(B, 30 * SECOND);
        phases.put(C, 40 * SECOND);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("tablets", 1);
        params.put("replication", 1);
        return new DorisWorld(DorisConfig.documented(), List.of(A, B, C), placement, phases, FAULT_WINDOW_START_MICROS,
                TAIL_START_MICROS, END_MICROS, params);
    }

    /** The three moves of the report: A to B, B to C, C back to B. */
    static Workload workload() {
        return Workload.builder()
                .at(1 * SECOND, new DorisOperation.Balance(TABLET, B))
                .at(10 * SECOND, new DorisOperation.Balance(TABLET, C))
                .at(35 * SECOND, new DorisOperation.Balance(TABLET, B))
                .build();
    }

    /** B's drop pool busy from before its stale DROP arrives until after the clone back to B. */
    static FaultPlan faults() {
        return FaultPlan.builder().at(20 * SECOND, new DorisFault.StallPool(B, Backend.DROP_POOL, 30 * SECOND)).build();
    }
}
