package shardsim.scenarios.dropafterclone.plan;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.TimedFault;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;
import shardsim.scenarios.dropafterclone.model.Backend;
import shardsim.testkit.arbitraries.FaultArbitraries;

/**
 * Faults and workloads for the {@code documented} world (tablet 11415 on be10005, be10006 and
 * be10004, fault window 1 s to 60 s), built from jqwik combinators so that a failing plan shrinks:
 * fewer episodes, earlier times, shorter stalls. A lasting fault and its end are drawn together as
 * one episode and both fall inside the fault window.
 */
public final class DorisArbitraries {
    private static final long SECOND = DorisConfig.SECOND;
    private static final int MAX_EPISODES = 6;
    private static final int MAX_MOVES = 12;

    private DorisArbitraries() {}

    public static long faultWindowStartMicros() {
        return DocumentedPlan.FAULT_WINDOW_START_MICROS;
    }

    /** The quiet tail starts here: every fault has ended by then. */
    public static long faultWindowEndMicros() {
        return DocumentedPlan.TAIL_START_MICROS;
    }

    /** Every node of the documented world, the FE first. */
    public static List<String> nodes() {
        return DocumentedPlan.world().nodes();
    }

    /** The nodes a plan may crash: all of them, as in the generated plans. */
    public static List<String> crashableNodes() {
        return nodes();
    }

    public static List<String> backends() {
        return DocumentedPlan.world().backends();
    }

    public static List<Long> tablets() {
        return List.copyOf(DocumentedPlan.world().placement().keySet());
    }

    /** Stalled task pools and slow-report spells (each spell with its end), inside the window. */
    public static Arbitrary<FaultPlan> scenarioFaults() {
        return FaultArbitraries.plans(
                Arbitraries.oneOf(stallEpisode(), slowReportsEpisode(), slowAgentRpcEpisode()), MAX_EPISODES);
    }

    /** Kernel faults (partitions, one-way partitions, crashes, clogs, clock skews), each lasting one with its end, inside the window. */
    public static Arbitrary<FaultPlan> kernelFaults() {
        return FaultArbitraries.kernelPlans(
                nodes(),
                crashableNodes(),
                new FaultArbitraries.Window(faultWindowStartMicros(), faultWindowEndMicros(), 30 * SECOND),
                MAX_EPISODES);
    }

    /** Balance moves of the documented world's tablet to its backends, at times in the window. */
    public static Arbitrary<Workload> workloads() {
        Arbitrary<TimedOperation> move = Combinators.combine(
                        windowTimes(), Arbitraries.of(tablets()), Arbitraries.of(backends()))
                .as((at, tablet, dest) -> new TimedOperation(at, new DorisOperation.Balance(tablet, dest)));
        return move.list().ofMaxSize(MAX_MOVES).map(Workload::new);
    }

    /** Reliable links, or a mildly lossy one. */
    public static Arbitrary<LinkPolicy> links() {
        return Arbitraries.of(
                LinkPolicy.reliable(),
                new LinkPolicy(0.01, 0.01, new Delay.Exponential(500, 2_000, 50_000), LinkPolicy.DEFAULT_CAPACITY));
    }

    private static Arbitrary<Long> windowTimes() {
        return Arbitraries.longs().between(faultWindowStartMicros(), faultWindowEndMicros() - SECOND);
    }

    private static Arbitrary<Long> lengths(long maxMicros) {
        return Arbitraries.longs().between(SECOND, maxMicros);
    }

    /** The end of an episode that starts at {@code at} and wants to last {@code length}: never past the window. */
    private static long endOf(long at, long length) {
        return Math.min(at + length, faultWindowEndMicros() - 1);
    }

    private static Arbitrary<List<TimedFault>> stallEpisode() {
        return Combinators.combine(
                        windowTimes(),
                        Arbitraries.of(backends()),
                        Arbitraries.of(Backend.DROP_POOL, Backend.CLONE_POOL),
                        lengths(45 * SECOND))
                .as((at, be, pool, length) ->
                        List.of(new TimedFault(at, new DorisFault.StallPool(be, pool, endOf(at, length) - at))));
    }

    private static Arbitrary<List<TimedFault>> slowAgentRpcEpisode() {
        return Combinators.combine(windowTimes(), Arbitraries.of(backends()), lengths(10 * SECOND))
                .as((at, be, length) -> List.of(new TimedFault(at, new DorisFault.SlowAgentRpc(be, length))));
    }

    private static Arbitrary<List<TimedFault>> slowReportsEpisode() {
        return Combinators.combine(
                        windowTimes(), lengths(50 * SECOND), Arbitraries.longs().between(0, 15 * SECOND))
                .as((at, length, extra) -> List.of(
                        new TimedFault(at, new DorisFault.SlowReports(extra)),
                        new TimedFault(endOf(at, length), new DorisFault.SlowReports(extra).end())));
    }
}
