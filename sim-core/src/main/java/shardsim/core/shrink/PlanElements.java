package shardsim.core.shrink;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.TimedFault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;

/** Splits a plan into the elements a shrinker removes, and builds a plan back from a subset. */
public final class PlanElements {
    private PlanElements() {}

    /**
     * The plan's faults as elements: each lasting fault is paired with the first later fault that
     * {@linkplain shardsim.core.fault.Fault#ends ends} it; everything else stands alone.
     */
    public static List<PlanElement> faults(FaultPlan plan) {
        List<TimedFault> all = plan.faults();
        boolean[] used = new boolean[all.size()];
        List<PlanElement> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (used[i]) {
                continue;
            }
            used[i] = true;
            TimedFault start = all.get(i);
            List<TimedFault> unit = new ArrayList<>(List.of(start));
            List<Integer> positions = new ArrayList<>(List.of(i));
            if (start.fault().activityDelta() > 0) {
                for (int j = i + 1; j < all.size(); j++) {
                    if (!used[j] && all.get(j).fault().ends(start.fault())) {
                        used[j] = true;
                        unit.add(all.get(j));
                        positions.add(j);
                        break;
                    }
                }
            }
            out.add(new PlanElement.Faults(unit, positions));
        }
        return out;
    }

    public static List<PlanElement> operations(Workload workload) {
        List<PlanElement> out = new ArrayList<>();
        List<TimedOperation> ops = workload.operations();
        for (int i = 0; i < ops.size(); i++) {
            out.add(new PlanElement.Op(ops.get(i), i));
        }
        return out;
    }

    /** {@code template} with exactly these faults and operations (its link, base and source kept). */
    public static CustomPlan plan(CustomPlan template, List<PlanElement> faults, List<PlanElement> operations) {
        return template.withFaults(faultPlan(faults)).withWorkload(workload(operations));
    }

    /** The faults of these elements in their original order. */
    public static FaultPlan faultPlan(List<PlanElement> elements) {
        TreeMap<Integer, TimedFault> byPosition = new TreeMap<>();
        for (PlanElement e : elements) {
            if (!(e instanceof PlanElement.Faults f)) {
                throw new IllegalArgumentException("not a fault element: " + e);
            }
            for (int i = 0; i < f.faults().size(); i++) {
                byPosition.put(f.positions().get(i), f.faults().get(i));
            }
        }
        return new FaultPlan(new ArrayList<>(byPosition.values()));
    }

    /** The operations of these elements in their original order. */
    public static Workload workload(List<PlanElement> elements) {
        TreeMap<Integer, TimedOperation> byPosition = new TreeMap<>();
        for (PlanElement e : elements) {
            if (!(e instanceof PlanElement.Op o)) {
                throw new IllegalArgumentException("not an operation element: " + e);
            }
            byPosition.put(o.position(), o.operation());
        }
        return new Workload(new ArrayList<>(byPosition.values()));
    }
}
