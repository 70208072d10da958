package shardsim.scenarios.splitstall.plan;

import shardsim.core.fault.Fault;
import shardsim.core.kind.Quantity;
import shardsim.core.kind.Unit;

/** The scenario's own fault kinds, applied by {@code SplitStallScenario}'s fault handler. */
public final class SplitFaults {
    private SplitFaults() {}

    /** The region's current leader transfers leadership to {@code to} (a TimeoutNow). */
    public record TransferLeader(long regionId, String to) implements Fault {}

    /** The next mem-table flush on {@code store} takes {@code extraMicros} longer. */
    public record SlowFlush(
            String store, @Quantity(Unit.MICROS) long extraMicros) implements Fault {
        public SlowFlush {
            if (extraMicros <= 0) {
                throw new IllegalArgumentException("slow flush must add time");
            }
        }
    }
}
