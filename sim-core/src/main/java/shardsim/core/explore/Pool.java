package shardsim.core.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import shardsim.core.fault.End;
import shardsim.core.fault.TimedFault;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.shrink.PlanElement;
import shardsim.core.shrink.PlanElements;
import shardsim.core.workload.TimedOperation;

/**
 * What fresh plans of the built-in plan contained, for mutations to draw from: fault units (a
 * fault with its end), operations, and the values each kind's components took (table names, byte
 * counts). Bounded: once full, a new item replaces a random one.
 */
final class Pool {
    static final int MAX_UNITS = 512;
    static final int MAX_OPERATIONS = 2_048;
    static final int MAX_VALUES = 64;

    private final List<List<TimedFault>> units = new ArrayList<>();
    private final List<TimedOperation> operations = new ArrayList<>();
    private final TreeMap<String, List<Object>> values = new TreeMap<>();
    private long opsFromMicros = Long.MAX_VALUE;
    private long opsToMicros = Long.MIN_VALUE;

    void add(CustomPlan plan, SimRandom random) {
        for (PlanElement e : PlanElements.faults(plan.faults())) {
            List<TimedFault> unit = ((PlanElement.Faults) e).faults();
            keep(units, unit, MAX_UNITS, random);
            for (TimedFault f : unit) {
                see(f.fault() instanceof End end ? end.start() : f.fault());
            }
        }
        if (plan.hasWorkload()) {
            for (TimedOperation op : plan.workload().operations()) {
                keep(operations, op, MAX_OPERATIONS, random);
                see(op.operation());
                opsFromMicros = Math.min(opsFromMicros, op.atMicros());
                opsToMicros = Math.max(opsToMicros, op.atMicros());
            }
        }
    }

    private static <T> void keep(List<T> list, T item, int max, SimRandom random) {
        if (list.size() < max) {
            list.add(item);
        } else {
            list.set(random.nextInt(max), item);
        }
    }

    private void see(Object record) {
        String kind = shardsim.core.fault.Fault.kindOf(record.getClass());
        for (Records.Field f : Records.fields(record)) {
            List<Object> seen = values.computeIfAbsent(kind + "." + f.name(), k -> new ArrayList<>());
            if (seen.size() < MAX_VALUES && !seen.contains(f.value())) {
                seen.add(f.value());
            }
        }
    }

    List<List<TimedFault>> units() {
        return units;
    }

    List<TimedOperation> operations() {
        return operations;
    }

    /** The values component {@code component} of {@code kind} took, in the order first seen. */
    List<Object> values(String kind, String component) {
        return values.getOrDefault(kind + "." + component, List.of());
    }

    boolean hasOperations() {
        return !operations.isEmpty();
    }

    /** The earliest operation time seen (0 when none). */
    long opsFromMicros() {
        return operations.isEmpty() ? 0 : opsFromMicros;
    }

    /** The latest operation time seen (0 when none). */
    long opsToMicros() {
        return operations.isEmpty() ? 0 : opsToMicros;
    }
}
