package shardsim.scenarios.splitstall.plan;

import java.util.List;

/**
 * The stores and the times every split-stall plan keeps to: generated faults fall in
 * [{@link #FAULT_START_MICROS}, {@link #FAULT_END_MICROS}); then a quiet tail long enough for U3
 * ({@link #U3_WITHIN_MICROS}) to judge every split started in the fault window.
 */
public final class PlanTimes {
    private PlanTimes() {}

    public static final List<String> STORES = List.of("store-1", "store-2", "store-3");

    public static final long FAULT_START_MICROS = 1_000_000;

    public static final long FAULT_END_MICROS = 20_000_000;
    /** U3: this long after the last fault, every split started by its midpoint has finished. */
    public static final long U3_WITHIN_MICROS = 15_000_000;

    public static final long RANDOM_END_MICROS = FAULT_END_MICROS + U3_WITHIN_MICROS + 500_000;
}
