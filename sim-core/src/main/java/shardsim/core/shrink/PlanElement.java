package shardsim.core.shrink;

import java.util.List;
import shardsim.core.fault.TimedFault;
import shardsim.core.workload.TimedOperation;

/**
 * What a shrinker removes in one piece: a fault (with its end, if it lasts) or one operation.
 * Each keeps its position in the original plan, so any subset is rebuilt in the original order,
 * including the order of faults or operations that share a time.
 */
public sealed interface PlanElement {
    /** A momentary fault, or a lasting fault together with the fault that ends it. */
    record Faults(List<TimedFault> faults, List<Integer> positions) implements PlanElement {
        public Faults {
            faults = List.copyOf(faults);
            positions = List.copyOf(positions);
            if (faults.isEmpty() || faults.size() != positions.size()) {
                throw new IllegalArgumentException("one position per fault, at least one fault");
            }
        }
    }

    record Op(TimedOperation operation, int position) implements PlanElement {}
}
