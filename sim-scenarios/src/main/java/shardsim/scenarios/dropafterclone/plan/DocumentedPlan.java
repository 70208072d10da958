package shardsim.scenarios.dropafterclone.plan;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.fault.FaultPlan;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.workload.Workload;

/**
 * The bug report's timeline (Doris, 2021-05-26): one single-replica tablet, 11415, moved A to B,
 * B to C, C back to B. Virtual time 0 is 10:14:00.000 of the report's clock, so 77.809 s is the
 * report's 10:15:17.809.
 *
 * <ol>
 *   <li>2 s: move A to B. 37.349 s: move B to C; it finishes at 37.352 s and the FE deletes B's
 *       replica from the catalog only (the report's 10:14:37.352).</li>
 *   <li>77.804 s: B's tablet report still lists the tablet. The FE handles it at 77.809: adding
 *       it back fails ("replica is enough[1-1]"), so it sends B a DROP, in a batch whose RPC waits
 *       for its client (one slow-agent-rpc fault).</li>
 *   <li>77.812 s: move C to B; the CLONE goes out in its own batch and reaches B first
 *       (77.814332), finishes (77.814522); then the DROP arrives (77.814952) and runs 1.74 ms
 *       later (77.816692): buggy, it deletes the fresh clone.</li>
 *   <li>137.809 s: B's next report lacks the tablet; its only replica is set bad (10:16:17.810).</li>
 * </ol>
 *
 * <p>Ids are the report's: B = backend 10006, C = 10004 (the clone's source), tablet 11415,
 * replica 320661 for the replica the last move creates on B. A is not named in the report.
 * As data: a fixed world, three balance moves and one slow agent RPC. A plan with base
 * {@code documented} runs other faults and moves in the same world.
 */
public final class DocumentedPlan {
    public static final long TABLET = 11415;
    public static final String A = "be10005";
    public static final String B = "be10006";
    static final String C = "be10004";
    static final long SECOND = DorisConfig.SECOND;
    static final long MILLI = 1_000;
    /** The moves' replica ids follow from this: A's 320658, then 320659 (B), 320660 (C), 320661 (B). */
    static final long FIRST_REPLICA_ID = 320_658;

    static final long FAULT_WINDOW_START_MICROS = SECOND;
    static final long TAIL_START_MICROS = 140 * SECOND;
    static final long END_MICROS = TAIL_START_MICROS + 300 * SECOND;
    /** The slow agent RPC that makes the DROP of 77.809 arrive at 77.814952: 5.902 ms after the report handler sent it, 3.570 ms more than a batch takes. */
    public static final long SLOW_DROP_RPC_MICROS = 3_570;

    private DocumentedPlan() {}

    /** A LAN: 50 µs one way, nothing lost. */
    public static LinkPolicy link() {
        return new LinkPolicy(0, 0, new Delay.Fixed(50), LinkPolicy.DEFAULT_CAPACITY);
    }

    public static DorisWorld world() {
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(TABLET, List.of(A));
        Map<String, Long> phases = new LinkedHashMap<>();
        // A reports after the first move, B at 17.804 s (so at 77.804 s), C after the last move.
        phases.put(A, 20 * SECOND);
        phases.put(B, 17_804 * MILLI);
        phases.put(C, 50 * SECOND);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("tablets", 1);
        params.put("replication", 1);
        return new DorisWorld(
                DorisConfig.documented(),
                List.of(A, B, C),
                placement,
                phases,
                FAULT_WINDOW_START_MICROS,
                TAIL_START_MICROS,
                END_MICROS,
                FIRST_REPLICA_ID,
                params);
    }

    /** The three moves of the report: A to B, B to C, C back to B. */
    public static Workload workload() {
        return Workload.builder()
                .at(2 * SECOND, new DorisOperation.Balance(TABLET, B))
                .at(37_349 * MILLI, new DorisOperation.Balance(TABLET, C))
                .at(77_812 * MILLI, new DorisOperation.Balance(TABLET, B))
                .build();
    }

    /** The FE's next agent RPC to B, the DROP batch of 77.809, waits for its client. */
    public static FaultPlan faults() {
        return FaultPlan.builder()
                .at(77_805 * MILLI, new DorisFault.SlowAgentRpc(B, SLOW_DROP_RPC_MICROS))
                .build();
    }
}
