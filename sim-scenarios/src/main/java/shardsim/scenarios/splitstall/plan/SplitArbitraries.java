package shardsim.scenarios.splitstall.plan;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.TimedFault;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;
import shardsim.testkit.arbitraries.FaultArbitraries;

/**
 * jqwik arbitraries for plans in the documented world (stores 1-3, regions 150-152, 45 s), built
 * from combinators only so that a failing plan shrinks: fewer faults and operations, earlier times,
 * smaller sizes. Faults fall inside the fault window, which ends early enough for U3 to be judged
 * (15 s after the last fault) before the run ends.
 */
public final class SplitArbitraries {
    private static final long FAULT_WINDOW_START_MICROS = 1_000_000;
    private static final long FAULT_WINDOW_END_MICROS = 25_000_000;
    private static final long MAX_DOWN_MICROS = 3_000_000;

    private SplitArbitraries() {}

    public static long faultWindowStartMicros() {
        return FAULT_WINDOW_START_MICROS;
    }

    public static long faultWindowEndMicros() {
        return FAULT_WINDOW_END_MICROS;
    }

    /** The documented world's nodes. */
    public static List<String> nodes() {
        return PlanTimes.STORES;
    }

    /** The nodes kernel faults may crash: every store. */
    public static List<String> crashableNodes() {
        return PlanTimes.STORES;
    }

    /** The documented world's regions. */
    public static List<Long> regionIds() {
        return DocumentedPlan.regions().stream().map(RegionSpec::regionId).toList();
    }

    private static Arbitrary<Long> faultTimes() {
        return Arbitraries.longs().between(FAULT_WINDOW_START_MICROS, FAULT_WINDOW_END_MICROS - 1);
    }

    private static Arbitrary<Long> regions() {
        return Arbitraries.of(regionIds());
    }

    private static Arbitrary<String> stores() {
        return Arbitraries.of(nodes());
    }

    /**
     * The scenario's own faults: leader transfers and slow flushes. Both are momentary (nothing
     * ends them), so each episode is a single fault.
     */
    public static Arbitrary<FaultPlan> scenarioFaults() {
        Arbitrary<TimedFault> transfer = Combinators.combine(faultTimes(), regions(), stores())
                .as((at, region, to) -> new TimedFault(at, new SplitFaults.TransferLeader(region, to)));
        Arbitrary<TimedFault> slowFlush = Combinators.combine(
                        faultTimes(), stores(), Arbitraries.longs().between(1, 2_000_000))
                .as((at, store, extra) -> new TimedFault(at, new SplitFaults.SlowFlush(store, extra)));
        return Arbitraries.oneOf(transfer, slowFlush).list().ofMaxSize(8).map(FaultPlan::new);
    }

    /** Kernel faults (partitions, one-way partitions, crashes of stores, clogs, clock skews), each lasting at most 3 s, inside the fault window. */
    public static Arbitrary<FaultPlan> kernelFaults() {
        return FaultArbitraries.kernelPlans(
                nodes(),
                crashableNodes(),
                new FaultArbitraries.Window(FAULT_WINDOW_START_MICROS, FAULT_WINDOW_END_MICROS, MAX_DOWN_MICROS),
                3);
    }

    /**
     * Workloads for the documented world: writes to its regions at any time of the run, and split
     * checks on any store inside the fault window (a split started later could not be judged by U3).
     */
    public static Arbitrary<Workload> workloads() {
        Arbitrary<TimedOperation> write = Combinators.combine(
                        Arbitraries.longs().between(1, DocumentedPlan.END_MICROS - 1),
                        regions(),
                        Arbitraries.longs().between(1, 2_000_000))
                .as((at, region, bytes) -> new TimedOperation(at, new SplitOperation.Write(region, bytes)));
        Arbitrary<TimedOperation> check = Combinators.combine(faultTimes(), regions(), stores())
                .as((at, region, store) -> new TimedOperation(at, new SplitOperation.SplitCheck(region, store)));
        return Combinators.combine(write.list().ofMaxSize(400), check.list().ofMaxSize(4))
                .as((writes, checks) -> {
                    List<TimedOperation> all = new ArrayList<>(writes);
                    all.addAll(checks);
                    return new Workload(all);
                });
    }
}
