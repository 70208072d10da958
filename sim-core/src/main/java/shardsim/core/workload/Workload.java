package shardsim.core.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A time-ordered list of operations. Operations at the same time keep the order they were given
 * in (the sort is stable), so a generated workload and the same list read back from a plan file
 * are performed in the same order.
 */
public record Workload(List<TimedOperation> operations) {
    public Workload {
        List<TimedOperation> sorted = new ArrayList<>(operations);
        sorted.sort(Comparator.comparingLong(TimedOperation::atMicros));
        operations = List.copyOf(sorted);
    }

    /** A workload of no operations. */
    public static Workload empty() {
        return new Workload(List.of());
    }

    /** A builder that keeps operations in the order drawn (the sort is stable). */
    public static Builder builder() {
        return new Builder();
    }

    /** How many operations the workload holds. */
    public int size() {
        return operations.size();
    }

    /** Builds a workload in the order it is drawn. */
    public static final class Builder {
        private final List<TimedOperation> operations = new ArrayList<>();

        /** Adds {@code operation} at {@code atMicros}. */
        public Builder at(long atMicros, Operation operation) {
            operations.add(new TimedOperation(atMicros, operation));
            return this;
        }

        /** How many operations so far. */
        public int size() {
            return operations.size();
        }

        /** The workload, in time order. */
        public Workload build() {
            return new Workload(operations);
        }
    }
}
