package shardsim.scenarios.versionskew.plan;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.TimedFault;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;
import shardsim.testkit.arbitraries.FaultArbitraries;

/**
 * jqwik generators of plans for the documented world (meta, node-1 and node-2, shards 46 and 47),
 * built from combinators so that a failing plan shrinks: fewer episodes, fewer requests, earlier
 * times, the first node and shard. A lasting fault is generated with its end as one episode, so a
 * shrunk plan never holds a start without its end. The bounds follow {@link SkewFaultPlan}: a
 * scenario fault starts at least 12 s before the quiet tail, and a delayed heartbeat is due before it.
 */
public final class SkewArbitraries {
    private static final World DOCUMENTED = World.of(Plans.DOCUMENTED, 0);
    private static final long WINDOW_START_MICROS = 500_000;
    private static final long WINDOW_END_MICROS = World.DOC_TAIL_MICROS;
    private static final long LAST_SCENARIO_START_MICROS = WINDOW_END_MICROS - 12_000_000;

    private SkewArbitraries() {}

    /** No fault of a generated plan starts before this. */
    public static long faultWindowStartMicros() {
        return WINDOW_START_MICROS;
    }

    /** Every fault of a generated plan has ended by this: the documented world's quiet tail starts. */
    public static long faultWindowEndMicros() {
        return WINDOW_END_MICROS;
    }

    /** Every node of the documented world, in the order the run adds them. */
    public static List<String> nodes() {
        return DOCUMENTED.nodes();
    }

    public static List<String> crashableNodes() {
        return DOCUMENTED.crashableNodes();
    }

    public static List<String> dataNodes() {
        return DOCUMENTED.layout().dataNodes();
    }

    public static List<Integer> shardIds() {
        return DOCUMENTED.layout().shardIds();
    }

    /** The scenario's own faults: up to six episodes, each a start and its end (or one transfer). */
    public static Arbitrary<FaultPlan> scenarioFaults() {
        Arbitrary<List<TimedFault>> episode = Arbitraries.oneOf(
                dropResponse(), engineFailure(), metaCrashBeforePersist(), heartbeatDelay(), transferLeader());
        return FaultArbitraries.plans(episode, 6);
    }

    /** Kernel faults on the documented world (partitions, one-way partitions, crashes, clogs, clock skews), each lasting one with its end. */
    public static Arbitrary<FaultPlan> kernelFaults() {
        return FaultArbitraries.kernelPlans(
                nodes(),
                crashableNodes(),
                new FaultArbitraries.Window(WINDOW_START_MICROS, WINDOW_END_MICROS, 2_000_000),
                4);
    }

    /** Both kinds of fault, merged in time order. */
    public static Arbitrary<FaultPlan> faults() {
        return Combinators.combine(scenarioFaults(), kernelFaults()).as(FaultPlan::merge);
    }

    /**
     * Client requests on the documented world's shards, up to a second before the quiet tail.
     * Table names come from a small pool per shard, so drops meet tables that were created.
     */
    public static Arbitrary<Workload> workloads() {
        Arbitrary<TimedOperation> op = Combinators.combine(
                        Arbitraries.longs().between(WINDOW_START_MICROS, WINDOW_END_MICROS - 1_000_000),
                        Arbitraries.of(true, false),
                        Arbitraries.of(shardIds()),
                        Arbitraries.integers().between(1, 4))
                .as((at, create, shard, n) -> {
                    String table = "TABLE_" + shard + "_" + n;
                    return new TimedOperation(
                            at,
                            create
                                    ? new SkewOperation.CreateTable(shard, table)
                                    : new SkewOperation.DropTable(shard, table));
                });
        return op.list().ofMaxSize(30).map(Workload::new);
    }

    /** A reliable link, or a mildly lossy one like the random plan's. */
    public static Arbitrary<LinkPolicy> links() {
        return Arbitraries.of(
                LinkPolicy.reliable(),
                new LinkPolicy(0.01, 0.01, new Delay.Exponential(500, 5_000, 200_000), LinkPolicy.DEFAULT_CAPACITY));
    }

    /** A whole custom plan in the documented world. */
    public static Arbitrary<CustomPlan> documentedPlans() {
        return Combinators.combine(links(), faults(), workloads())
                .as((link, faults, workload) ->
                        new CustomPlan("arbitrary-documented.json", Plans.DOCUMENTED, link, faults, workload));
    }

    private static Arbitrary<Long> scenarioStart() {
        return Arbitraries.longs().between(WINDOW_START_MICROS, LAST_SCENARIO_START_MICROS);
    }

    private static Arbitrary<List<TimedFault>> dropResponse() {
        return Combinators.combine(
                        Arbitraries.of(dataNodes()),
                        Arbitraries.of(SkewFault.DropResponse.REQUESTS),
                        scenarioStart(),
                        FaultArbitraries.longs(SkewFault.DropResponse.LASTS_MICROS))
                .as((node, request, at, lasts) -> List.of(
                        new TimedFault(at, new SkewFault.DropResponse(node, request)),
                        new TimedFault(at + lasts, new SkewFault.DropResponse(node, request).end())));
    }

    private static Arbitrary<List<TimedFault>> engineFailure() {
        return Combinators.combine(
                        Arbitraries.of(dataNodes()),
                        Arbitraries.integers().between(5, 80),
                        scenarioStart(),
                        FaultArbitraries.longs(SkewFault.EngineFailure.LASTS_MICROS))
                .as((node, percent, at, lasts) -> List.of(
                        new TimedFault(at, new SkewFault.EngineFailure(node, percent / 100.0)),
                        new TimedFault(at + lasts, new SkewFault.EngineFailure(node, percent / 100.0).end())));
    }

    private static Arbitrary<List<TimedFault>> metaCrashBeforePersist() {
        return Combinators.combine(
                        FaultArbitraries.longs(SkewFault.MetaCrashBeforePersist.RESTART_AFTER_MICROS),
                        scenarioStart(),
                        FaultArbitraries.longs(SkewFault.MetaCrashBeforePersist.LASTS_MICROS))
                .as((restartAfter, at, lasts) -> List.of(
                        new TimedFault(at, new SkewFault.MetaCrashBeforePersist(restartAfter)),
                        new TimedFault(at + lasts, new SkewFault.MetaCrashBeforePersist(restartAfter).end())));
    }

    /** Ends by 5 s; the last heartbeat it delays (one period plus at most 7 s) is due by 18.7 s. */
    private static Arbitrary<List<TimedFault>> heartbeatDelay() {
        return Combinators.combine(
                        Arbitraries.of(dataNodes()),
                        Arbitraries.longs().between(500_000, 7_000_000),
                        Arbitraries.longs().between(WINDOW_START_MICROS, 3_000_000),
                        Arbitraries.longs().between(500_000, 2_000_000))
                .as((node, extra, at, lasts) -> List.of(
                        new TimedFault(at, new SkewFault.HeartbeatDelay(node, extra)),
                        new TimedFault(at + lasts, new SkewFault.HeartbeatDelay(node, extra).end())));
    }

    private static Arbitrary<List<TimedFault>> transferLeader() {
        return Combinators.combine(Arbitraries.of(shardIds()), Arbitraries.of(dataNodes()), scenarioStart())
                .as((shard, to, at) -> List.of(new TimedFault(at, new SkewFault.TransferLeader(shard, to))));
    }
}
