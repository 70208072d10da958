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

    public static Workload empty() {
        return new Workload(List.of());
    }

    public static Builder builder() {
        return new Builder();
    }

    public int size() {
        return operations.size();
    }

    /** Builds a workload in the order it is drawn. */
    public static final class Builder {
        private final List<TimedOperation> operations = new ArrayList<>();

        public Builder at(long atMicros, Operation operation) {
            operations.add(new TimedOperation(atMicros, operation));
            return this;
        }

        public int size() {
            return operations.size();
        }

        public Workload build() {
            return new Workload(operations);
        }
    }
}
