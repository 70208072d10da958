package shardsim.scenarios.dropafterclone;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.sim.Simulation;

/**
 * The bug report's timeline (Doris, May 2021): one single-replica tablet, 11415, on BEs A, B, C.
 * Move A to B; move B to C; B's next report still lists the tablet, so the FE issues a DROP to B,
 * which waits behind a busy drop pool; move C to B, whose incremental clone finishes at once; then
 * the waiting DROP runs on B. The backend ids are the report's where it names them (B = 10006,
 * C = 10004).
 */
final class DocumentedPlan {
    static final long TABLET = 11415;
    static final String A = "be10005";
    static final String B = "be10006";
    static final String C = "be10004";
    static final long SECOND = DorisConfig.SECOND;
    static final long TAIL_START_MICROS = 60 * SECOND;
    static final long END_MICROS = TAIL_START_MICROS + 300 * SECOND;

    private DocumentedPlan() {
    }

    static void build(Simulation sim, Fence fence) {
        DorisConfig config = DorisConfig.documented();
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(TABLET, List.of(A));
        Map<String, Long> phases = new LinkedHashMap<>();
        // Reports land between the moves as in the report: A's and B's after step 2, C's after step 3.
        phases.put(A, 25 * SECOND);
        phases.put(B, 30 * SECOND);
        phases.put(C, 40 * SECOND);
        sim.param("tablets", 1);
        sim.param("replication", 1);
        Cluster cluster = new Cluster(sim, config, fence, List.of(A, B, C), placement, phases, 320600);
        Checks.register(cluster, config.reportIntervalMicros(), TAIL_START_MICROS, END_MICROS, 20 * SECOND);
        sim.at(1 * SECOND, "step 1: balance tablet 11415 A->B", () -> cluster.balance(TABLET, B));
        sim.at(10 * SECOND, "step 2: balance tablet 11415 B->C", () -> cluster.balance(TABLET, C));
        sim.injectAt(20 * SECOND, new DorisFault.StallPool(B, Backend.DROP_POOL, 30 * SECOND));
        sim.at(35 * SECOND, "step 3: balance tablet 11415 C->B", () -> cluster.balance(TABLET, B));
    }
}
