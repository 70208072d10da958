package shardsim.core.scenario;

import java.util.List;
import java.util.Optional;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.TimedFault;
import shardsim.core.kind.Field;
import shardsim.core.kind.Kind;
import shardsim.core.kind.Unit;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.workload.TimedOperation;

/**
 * The input contract of a plan given as data, checked before a run starts so that a plan the
 * world cannot honour is refused instead of running as a silent no-op or overflowing virtual time.
 *
 * <p>Numbers by the unit each field declares ({@link Unit}, read from the kind's descriptor
 * {@link Kind}): a time or duration is 0 to {@link #MAX_MICROS}, a clock skew within
 * ±{@link #MAX_MICROS}, a size 0 to {@link #MAX_BYTES}, a probability 0 to 1, any other whole
 * number (ids) 0 to {@link #MAX_ID}; every double is finite. The bounds keep any sum of two of
 * them far from overflowing a {@code long}. Names: every string component is either
 * one of the values {@link WorldNames} gives for it in the run's world, or declared free text.
 */
public final class PlanValidation {
    /** The largest time or duration, {@link Unit#MAX_MICROS}. */
    public static final long MAX_MICROS = Unit.MAX_MICROS;
    /** The largest size, {@link Unit#MAX_BYTES}. */
    public static final long MAX_BYTES = Unit.MAX_BYTES;
    /** The largest id, {@link Unit#MAX_ID}. */
    public static final long MAX_ID = Unit.MAX_ID;
    /** Most faults, and most operations, in one plan. */
    public static final int MAX_ENTRIES = 100_000;
    /** Longest string value (a table name). */
    public static final int MAX_TEXT = 1_000;
    /** Most valid names listed in an error. */
    private static final int LISTED = 24;

    private PlanValidation() {}

    /** Checks the plan's numbers and sizes, which do not depend on the world. */
    public static void checkNumbers(CustomPlan plan) {
        check(plan, WorldNames.unchecked());
    }

    /**
     * Checks numbers and, when {@code names} are known, that every name a fault or operation uses
     * exists in the run's world.
     *
     * @throws IllegalArgumentException naming the entry, the field, the value and the valid values
     */
    public static void check(CustomPlan plan, WorldNames names) {
        checkLink(plan.link());
        if (plan.faults().size() > MAX_ENTRIES) {
            throw new IllegalArgumentException(
                    plan.faults().size() + " faults, more than the " + MAX_ENTRIES + " a plan may hold");
        }
        if (plan.operationCount() > MAX_ENTRIES) {
            throw new IllegalArgumentException(
                    plan.operationCount() + " operations, more than the " + MAX_ENTRIES + " a plan may hold");
        }
        for (TimedFault f : plan.faults().faults()) {
            checkEntry("fault", f.atMicros(), f.fault(), names);
        }
        if (plan.hasWorkload()) {
            for (TimedOperation op : plan.workload().operations()) {
                checkEntry("operation", op.atMicros(), op.operation(), names);
            }
        }
    }

    /**
     * Refuses an entry that can never fire, which would otherwise pass as silently as a misspelled
     * name: a fault or operation after the run's end ({@code endMicros}, when the scenario says),
     * a network fault between a node and itself, and an end of a lasting fault (a
     * {@code partition-end}) that no earlier fault of the plan started. Exploration makes the same
     * check on its mutants, so that every plan it writes runs with {@code sim run --plan}.
     *
     * @throws IllegalArgumentException naming the entry and why it cannot fire
     */
    public static void checkCanFire(CustomPlan plan, java.util.OptionalLong endMicros) {
        java.util.Map<Object, Integer> open = new java.util.LinkedHashMap<>();
        for (TimedFault f : plan.faults().faults()) {
            String where = "fault " + f.fault().kind() + " at atMicros " + f.atMicros();
            if (endMicros.isPresent() && f.atMicros() > endMicros.getAsLong()) {
                throw new IllegalArgumentException(
                        where + " is after the run's end at " + endMicros.getAsLong() + " µs, so it would never fire");
            }
            if (f.fault() instanceof shardsim.core.fault.NetFault) {
                List<Object> nodes = new java.util.ArrayList<>();
                for (Field c : Kind.of(f.fault().getClass()).fields()) {
                    if (c.type() == String.class) {
                        nodes.add(c.read(f.fault()));
                    }
                }
                if (nodes.size() == 2 && nodes.get(0).equals(nodes.get(1))) {
                    throw new IllegalArgumentException(
                            where + " is between node " + nodes.get(0) + " and itself, which the network cannot apply");
                }
            }
            if (f.fault() instanceof End e) {
                int n = open.getOrDefault(e.start(), 0);
                if (n == 0) {
                    throw new IllegalArgumentException(where + " ends a "
                            + e.start().kind() + " that no earlier fault of the plan started, so it would do nothing");
                }
                open.put(e.start(), n - 1);
            } else if (f.fault() instanceof shardsim.core.fault.LastingFault) {
                open.merge(f.fault(), 1, Integer::sum);
            }
        }
        if (plan.hasWorkload() && endMicros.isPresent()) {
            for (TimedOperation op : plan.workload().operations()) {
                if (op.atMicros() > endMicros.getAsLong()) {
                    throw new IllegalArgumentException("operation "
                            + Fault.kindOf(op.operation().getClass()) + " at atMicros " + op.atMicros()
                            + " is after the run's end at " + endMicros.getAsLong() + " µs, so it would never run");
                }
            }
        }
    }

    private static void checkLink(LinkPolicy link) {
        Delay d = link.delay();
        long max = d.maxMicros();
        if (max < 0 || max > MAX_MICROS) {
            throw new IllegalArgumentException(
                    "link: delay must be between 0 and " + MAX_MICROS + " µs, got up to " + max);
        }
        if (d instanceof Delay.Exponential e && e.meanMicros() > MAX_MICROS) {
            throw new IllegalArgumentException(
                    "link: delayMicrosMean must be at most " + MAX_MICROS + ", got " + e.meanMicros());
        }
    }

    private static void checkEntry(String what, long atMicros, Object written, WorldNames names) {
        // An end is checked as the start it names: the same fields, and the names of the start's kind.
        Object entry = written instanceof End e ? e.start() : written;
        String kind = Fault.kindOf(entry.getClass());
        String where = what + " " + (written instanceof Fault f ? f.kind() : kind) + " at atMicros " + atMicros;
        if (atMicros < 0 || atMicros > MAX_MICROS) {
            throw new IllegalArgumentException(where + ": atMicros must be between 0 and " + MAX_MICROS);
        }
        if (!entry.getClass().isRecord()) {
            throw new IllegalArgumentException(where + ": " + entry.getClass().getName() + " is not a record");
        }
        for (Field c : Kind.of(entry.getClass()).fields()) {
            Object v = c.read(entry);
            c.check(where, v);
            if (v instanceof LinkPolicy p) {
                try {
                    checkLink(p);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + ": " + c.name() + " " + e.getMessage(), e);
                }
            } else if (v instanceof String s) {
                checkName(where, kind, c.name(), s, names);
            } else if ((v instanceof Long || v instanceof Integer) && names.checked()) {
                Optional<List<String>> valid = names.valid(kind, c.name());
                if (valid.isPresent() && !valid.get().contains(String.valueOf(v))) {
                    throw unknown(where, c.name(), String.valueOf(v), valid.get());
                }
            }
        }
    }

    private static void checkName(String where, String kind, String component, String value, WorldNames names) {
        if (value.length() > MAX_TEXT) {
            throw new IllegalArgumentException(
                    where + ": " + component + " is longer than " + MAX_TEXT + " characters");
        }
        if (!names.checked() || names.isFree(kind, component)) {
            return;
        }
        Optional<List<String>> valid = names.valid(kind, component);
        if (valid.isEmpty()) {
            throw new IllegalArgumentException(
                    where + ": " + component + " is a name this scenario does not declare, so it cannot be checked");
        }
        if (!valid.get().contains(value)) {
            throw unknown(where, component, value, valid.get());
        }
    }

    private static IllegalArgumentException unknown(String where, String component, String value, List<String> valid) {
        String list = valid.size() <= LISTED
                ? String.join(", ", valid)
                : String.join(", ", valid.subList(0, LISTED)) + " and " + (valid.size() - LISTED) + " more";
        return new IllegalArgumentException(where + ": " + component + " '" + value
                + "' is not in this run's world (valid: " + (valid.isEmpty() ? "none" : list) + ")");
    }
}
