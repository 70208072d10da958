package shardsim.core.fault;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A time-ordered list of faults. Faults at the same time keep the order they were given in (the
 * sort is stable), so a scripted plan reads as written.
 */
public record FaultPlan(List<TimedFault> faults) {
    public FaultPlan {
        List<TimedFault> sorted = new ArrayList<>(faults);
        sorted.sort(Comparator.comparingLong(TimedFault::atMicros));
        faults = List.copyOf(sorted);
    }

    /** A plan of no faults. */
    public static FaultPlan empty() {
        return new FaultPlan(List.of());
    }

    /** A builder of a scripted plan. */
    public static Builder builder() {
        return new Builder();
    }

    /** How many timed faults the plan holds (an end counts as one). */
    public int size() {
        return faults.size();
    }

    /** This plan with the faults of another merged in time order. */
    public FaultPlan merge(FaultPlan other) {
        List<TimedFault> all = new ArrayList<>(faults);
        all.addAll(other.faults);
        return new FaultPlan(all);
    }

    /** Builds a scripted plan. */
    public static final class Builder {
        private final List<TimedFault> faults = new ArrayList<>();

        /** Adds {@code fault} at {@code atMicros}. */
        public Builder at(long atMicros, Fault fault) {
            faults.add(new TimedFault(atMicros, fault));
            return this;
        }

        /** A lasting fault from {@code startMicros} and its {@link End} at {@code endMicros}. */
        public Builder lasting(long startMicros, long endMicros, LastingFault fault) {
            if (endMicros < startMicros) {
                throw new IllegalArgumentException(
                        "a fault cannot end (" + endMicros + ") before it starts (" + startMicros + "): " + fault);
            }
            at(startMicros, fault);
            return at(endMicros, fault.end());
        }

        /** The plan, in time order. */
        public FaultPlan build() {
            return new FaultPlan(faults);
        }
    }
}
