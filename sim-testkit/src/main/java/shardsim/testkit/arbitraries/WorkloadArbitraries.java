package shardsim.testkit.arbitraries;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import shardsim.core.workload.Operation;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;

/** Workloads as shrinkable lists of timed operations; a scenario supplies the operations. */
public final class WorkloadArbitraries {
    private WorkloadArbitraries() {}

    /** One operation at a time in [startMicros, endMicros). */
    public static Arbitrary<TimedOperation> timed(
            Arbitrary<? extends Operation> operations, long startMicros, long endMicros) {
        return Combinators.combine(Arbitraries.longs().between(startMicros, endMicros - 1), operations)
                .as((at, op) -> new TimedOperation(at, op));
    }

    /** Up to {@code maxOperations} operations; shrinks to fewer, earlier, simpler ones. */
    public static Arbitrary<Workload> workloads(
            Arbitrary<? extends Operation> operations, long startMicros, long endMicros, int maxOperations) {
        return timed(operations, startMicros, endMicros)
                .list()
                .ofMaxSize(maxOperations)
                .map(Workload::new);
    }
}
