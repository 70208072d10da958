package shardsim.core.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultIntensity;
import shardsim.core.fault.LastingFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.kind.Unit;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.WorldNames;
import shardsim.core.workload.Operation;
import shardsim.core.workload.TimedOperation;

/**
 * Applies one {@link Mutation} to a {@link Draft}. Scenario kinds are changed through their record
 * components ({@link Records}): a name becomes another name the seed's world has, a duration or a
 * size is scaled, a free-text value (a table) becomes another value its kind took in a fresh plan.
 * How a field changes is its unit's ({@link Unit}): a measured one is scaled, a probability
 * drawn afresh. A mutation that cannot apply (nothing to remove, a plan at its size limit, a record that refuses
 * the value) returns false and the caller draws another.
 */
final class Mutator {
    private final SimRandom random;
    private final Pool pool;
    private final Worlds worlds;
    private final ExploreLimits limits;

    Mutator(SimRandom random, Pool pool, Worlds worlds, ExploreLimits limits) {
        this.random = random;
        this.pool = pool;
        this.worlds = worlds;
        this.limits = limits;
    }

    /**
     * @param donor another kept plan, for {@link Mutation#SPLICE} and {@link Mutation#RESEED}
     * @return whether the draft changed
     */
    boolean apply(Mutation m, Draft d, Draft donor) {
        switch (m) {
            case ADD_FAULT:
                return addFault(d);
            case REMOVE_FAULT:
                return removeOne(d.units);
            case SHIFT_FAULT:
                return shiftFault(d, false);
            case STRETCH_FAULT:
                return shiftFault(d, true);
            case CHANGE_FAULT:
                return changeFault(d);
            case ADD_OPERATION:
                return addOperation(d);
            case REMOVE_OPERATION:
                return removeOperations(d);
            case SHIFT_OPERATION:
                return shiftOperation(d);
            case CHANGE_OPERATION:
                return changeOperation(d);
            case LINK:
                return link(d);
            case SPLICE:
                return splice(d, donor);
            case RESEED:
                return reseed(d, donor);
            default:
                throw new IllegalStateException("unknown mutation " + m);
        }
    }

    // ---- the envelope ---------------------------------------------------------------------------

    /**
     * Brings a mutated draft back inside the envelope of the built-in generated plans, so that a
     * failure it finds is not one of a plan that breaks a check's premise: every fault, and every
     * duration a fault carries, ends inside the seed's fault window, before the quiet tail that
     * liveness checks judge (a generated clog or stall never runs into it); clock skews stay
     * within swarm's; the link within swarm's loss, duplication and delays.
     */
    void envelope(Draft d) {
        Worlds.World w = worlds.of(d.seed);
        for (int i = 0; i < d.units.size(); i++) {
            List<TimedFault> unit = move(d.units.get(i), 0, w);
            List<TimedFault> out = new ArrayList<>();
            for (TimedFault tf : unit) {
                Fault f = tf.fault() instanceof End
                        ? tf.fault()
                        : withinWindow(tf.fault(), tf.atMicros(), w.faultsToMicros());
                if (f == null) {
                    f = tf.fault();
                }
                out.add(new TimedFault(tf.atMicros(), f));
            }
            d.units.set(i, out);
        }
        d.link = withinSwarm(d.link);
    }

    /** The fault with each duration it carries cut to end by {@code toMicros}, and its skews cut to swarm's; null if refused. */
    private static Fault withinWindow(Fault fault, long atMicros, long toMicros) {
        Object out = fault;
        for (Records.Field f : Records.fields(fault)) {
            if (!(f.value() instanceof Long || f.value() instanceof Integer)) {
                continue;
            }
            long v = ((Number) f.value()).longValue();
            long cut = v;
            if (f.unit() == Unit.SKEW_MICROS) {
                long max = FaultIntensity.SWARM_MAX_SKEW_MICROS.max();
                cut = clamp(v, -max, max);
            } else if (f.unit() == Unit.MICROS) {
                cut = Math.min(v, Math.max(1, toMicros - atMicros));
            }
            if (cut != v) {
                out = Records.with(out, f.name(), f.value() instanceof Integer ? (Object) (int) cut : (Object) cut);
                if (out == null) {
                    return null;
                }
            }
        }
        return (Fault) out;
    }

    /** The link cut to what a swarm plan may draw ({@link ChaosProfile#swarm}'s ranges). */
    static LinkPolicy withinSwarm(LinkPolicy l) {
        double loss = Math.min(ChaosProfile.SWARM_MAX_LINK_PROBABILITY, l.lossProbability());
        double dup = Math.min(ChaosProfile.SWARM_MAX_LINK_PROBABILITY, l.duplicateProbability());
        long maxMin = ChaosProfile.SWARM_DELAY_MIN_MICROS.max();
        long maxMean = ChaosProfile.SWARM_DELAY_MEAN_MICROS.max();
        long maxMax = ChaosProfile.SWARM_DELAY_MAX_MICROS.max();
        Delay d = l.delay();
        Delay cut;
        if (d instanceof Delay.Fixed f) {
            cut = new Delay.Fixed(Math.min(maxMean, f.micros()));
        } else if (d instanceof Delay.Uniform u) {
            long min = Math.min(maxMin, u.minMicros());
            cut = new Delay.Uniform(min, Math.max(min, Math.min(maxMax, u.maxMicros())));
        } else if (d instanceof Delay.Exponential e) {
            long min = Math.min(maxMin, e.minMicros());
            long mean = Math.min(maxMean, e.meanMicros());
            cut = new Delay.Exponential(min, mean, Math.max(min, Math.min(maxMax, e.maxMicros())));
        } else {
            throw new IllegalStateException("unknown delay " + d);
        }
        LinkPolicy out = new LinkPolicy(loss, dup, cut, l.capacity());
        return out.equals(l) ? l : out;
    }

    // ---- faults ---------------------------------------------------------------------------------

    private boolean addFault(Draft d) {
        Worlds.World w = worlds.of(d.seed);
        List<TimedFault> unit;
        if (!pool.units().isEmpty() && (d.units.isEmpty() || random.chance(0.7))) {
            unit = pool.units().get(random.nextInt(pool.units().size()));
        } else if (!d.units.isEmpty()) {
            unit = d.units.get(random.nextInt(d.units.size()));
        } else {
            return false;
        }
        if (d.faultCount() + unit.size() > limits.maxFaults()) {
            return false;
        }
        List<TimedFault> fitted = fitUnit(unit, w.names());
        if (fitted == null) {
            return false;
        }
        long start = random.between(w.faultsFromMicros(), Math.max(w.faultsFromMicros(), w.faultsToMicros() - 1));
        d.units.add(move(fitted, start - fitted.get(0).atMicros(), w));
        return true;
    }

    private boolean shiftFault(Draft d, boolean endOnly) {
        if (d.units.isEmpty()) {
            return false;
        }
        Worlds.World w = worlds.of(d.seed);
        int i = random.nextInt(d.units.size());
        List<TimedFault> unit = d.units.get(i);
        if (endOnly && unit.size() < 2) {
            return false;
        }
        long delta = delta(w.faultsToMicros() - w.faultsFromMicros());
        List<TimedFault> moved;
        if (endOnly) {
            moved = new ArrayList<>(unit);
            TimedFault end = unit.get(unit.size() - 1);
            long at = clamp(
                    end.atMicros() + delta,
                    unit.get(0).atMicros(),
                    Math.max(unit.get(0).atMicros(), w.faultsToMicros() - 1));
            moved.set(unit.size() - 1, new TimedFault(at, end.fault()));
        } else {
            moved = move(unit, delta, w);
        }
        if (moved.equals(unit)) {
            return false;
        }
        d.units.set(i, moved);
        return true;
    }

    /** The unit moved by {@code delta}, each time kept in the fault window and in order. */
    private static List<TimedFault> move(List<TimedFault> unit, long delta, Worlds.World w) {
        List<TimedFault> out = new ArrayList<>();
        long last = 0;
        long hi = Math.max(w.faultsFromMicros(), w.faultsToMicros() - 1);
        for (TimedFault f : unit) {
            long at = Math.max(last, clamp(f.atMicros() + delta, w.faultsFromMicros(), hi));
            out.add(new TimedFault(at, f.fault()));
            last = at;
        }
        return out;
    }

    private boolean changeFault(Draft d) {
        if (d.units.isEmpty()) {
            return false;
        }
        Worlds.World w = worlds.of(d.seed);
        int i = random.nextInt(d.units.size());
        List<TimedFault> unit = d.units.get(i);
        Object start = unwrap(unit.get(0).fault());
        List<Records.Field> fields = Records.fields(start);
        if (fields.isEmpty()) {
            return false;
        }
        Records.Field f = fields.get(random.nextInt(fields.size()));
        Object value = newValue(Fault.kindOf(start.getClass()), f, w.names());
        if (value == null) {
            return false;
        }
        List<TimedFault> changed = new ArrayList<>();
        for (TimedFault tf : unit) {
            Fault nf = substitute(tf.fault(), f.name(), f.value(), value);
            if (nf == null) {
                return false;
            }
            changed.add(new TimedFault(tf.atMicros(), nf));
        }
        d.units.set(i, changed);
        return true;
    }

    /**
     * {@code fault} with {@code component} set to {@code to} where it was {@code from} (an end
     * follows its start, a restart its crash); null if a record refuses it.
     */
    private static Fault substitute(Fault fault, String component, Object from, Object to) {
        if (fault instanceof End end) {
            Object start = substituteRecord(end.start(), component, from, to);
            return start instanceof LastingFault lf ? new End(lf) : null;
        }
        Object out = substituteRecord(fault, component, from, to);
        return out instanceof Fault f ? f : null;
    }

    private static Object substituteRecord(Object record, String component, Object from, Object to) {
        for (Records.Field f : Records.fields(record)) {
            if (f.name().equals(component) && f.value().equals(from)) {
                return Records.with(record, component, to);
            }
        }
        return record;
    }

    private static Object unwrap(Fault f) {
        return f instanceof End e ? e.start() : f;
    }

    // ---- operations -----------------------------------------------------------------------------

    private boolean addOperation(Draft d) {
        if (d.operations.size() >= limits.maxOperations()) {
            return false;
        }
        TimedOperation op;
        if (pool.hasOperations() && (d.operations.isEmpty() || random.chance(0.5))) {
            op = pool.operations().get(random.nextInt(pool.operations().size()));
        } else if (!d.operations.isEmpty()) {
            op = d.operations.get(random.nextInt(d.operations.size()));
        } else {
            return false;
        }
        Object fitted = fit(op.operation(), worlds.of(d.seed).names());
        if (!(fitted instanceof Operation o)) {
            return false;
        }
        long at = random.chance(0.5)
                ? clamp(op.atMicros() + delta(opsSpan()), opsFrom(), opsTo())
                : random.between(opsFrom(), opsTo());
        d.operations.add(new TimedOperation(at, o));
        return true;
    }

    private boolean removeOperations(Draft d) {
        if (d.operations.isEmpty()) {
            return false;
        }
        int from = random.nextInt(d.operations.size());
        // Now and then a run of operations goes at once: one write rarely matters alone.
        int count = random.chance(0.25) ? 1 + random.nextInt(Math.max(1, d.operations.size() / 8)) : 1;
        int to = Math.min(d.operations.size(), from + count);
        d.operations.subList(from, to).clear();
        return true;
    }

    private boolean shiftOperation(Draft d) {
        if (d.operations.isEmpty()) {
            return false;
        }
        int i = random.nextInt(d.operations.size());
        TimedOperation op = d.operations.get(i);
        long at = clamp(op.atMicros() + delta(opsSpan()), opsFrom(), opsTo());
        if (at == op.atMicros()) {
            return false;
        }
        d.operations.set(i, new TimedOperation(at, op.operation()));
        return true;
    }

    private boolean changeOperation(Draft d) {
        if (d.operations.isEmpty()) {
            return false;
        }
        int i = random.nextInt(d.operations.size());
        TimedOperation op = d.operations.get(i);
        List<Records.Field> fields = Records.fields(op.operation());
        if (fields.isEmpty()) {
            return false;
        }
        Records.Field f = fields.get(random.nextInt(fields.size()));
        Object value = newValue(
                Fault.kindOf(op.operation().getClass()), f, worlds.of(d.seed).names());
        Object changed = value == null ? null : Records.with(op.operation(), f.name(), value);
        if (!(changed instanceof Operation o)) {
            return false;
        }
        d.operations.set(i, new TimedOperation(op.atMicros(), o));
        return true;
    }

    private long opsFrom() {
        return pool.opsFromMicros();
    }

    private long opsTo() {
        return Math.max(pool.opsFromMicros(), pool.opsToMicros());
    }

    private long opsSpan() {
        return Math.max(1, opsTo() - opsFrom());
    }

    // ---- link, splice, reseed -------------------------------------------------------------------

    private boolean link(Draft d) {
        LinkPolicy l = d.link;
        LinkPolicy out;
        switch (random.nextInt(3)) {
            case 0:
                out = l.withLoss(probability(l.lossProbability()));
                break;
            case 1:
                out = l.withDuplication(probability(l.duplicateProbability()));
                break;
            default:
                Delay delay = scaled(l.delay());
                if (delay == null) {
                    return false;
                }
                out = new LinkPolicy(l.lossProbability(), l.duplicateProbability(), delay, l.capacity());
        }
        if (out.equals(l)) {
            return false;
        }
        d.link = out;
        return true;
    }

    /** None, a little, a lot, or about the same: a link's loss or duplication. */
    private double probability(double now) {
        switch (random.nextInt(4)) {
            case 0:
                return 0;
            case 1:
                return random.nextDouble() * 0.05;
            case 2:
                return random.nextDouble() * 0.3;
            default:
                return Math.min(1, now * (0.5 + random.nextDouble()));
        }
    }

    private Delay scaled(Delay delay) {
        double factor = factor();
        long cap = Unit.MICROS.max() / 4;
        if (delay instanceof Delay.Fixed f) {
            return new Delay.Fixed(scale(f.micros(), factor, cap));
        }
        if (delay instanceof Delay.Uniform u) {
            long max = Math.max(u.minMicros(), scale(u.maxMicros(), factor, cap));
            return new Delay.Uniform(u.minMicros(), max);
        }
        if (delay instanceof Delay.Exponential e) {
            long mean = Math.max(1, scale(e.meanMicros(), factor, cap));
            long max = Math.max(e.minMicros() + mean, scale(e.maxMicros(), factor, cap));
            return new Delay.Exponential(e.minMicros(), mean, max);
        }
        throw new IllegalStateException("unknown delay " + delay);
    }

    /** The faults (and, half the time, the operations) of the donor from a cut on, in place of the draft's. */
    private boolean splice(Draft d, Draft donor) {
        if (donor == null) {
            return false;
        }
        Worlds.World w = worlds.of(d.seed);
        long cut = random.between(w.faultsFromMicros(), Math.max(w.faultsFromMicros(), w.faultsToMicros() - 1));
        List<List<TimedFault>> units = new ArrayList<>();
        for (List<TimedFault> u : d.units) {
            if (u.get(0).atMicros() < cut) {
                units.add(u);
            }
        }
        for (List<TimedFault> u : donor.units) {
            if (u.get(0).atMicros() >= cut) {
                List<TimedFault> fitted = fitUnit(u, w.names());
                if (fitted != null) {
                    units.add(fitted);
                }
            }
        }
        int faults = 0;
        for (List<TimedFault> u : units) {
            faults += u.size();
        }
        if (faults > limits.maxFaults()) {
            return false;
        }
        List<TimedOperation> ops = new ArrayList<>(d.operations);
        if (random.chance(0.5)) {
            ops.clear();
            for (TimedOperation op : d.operations) {
                if (op.atMicros() < cut) {
                    ops.add(op);
                }
            }
            for (TimedOperation op : donor.operations) {
                if (op.atMicros() >= cut && fit(op.operation(), w.names()) instanceof Operation o) {
                    ops.add(new TimedOperation(op.atMicros(), o));
                }
            }
            if (ops.size() > limits.maxOperations()) {
                return false;
            }
        }
        d.units.clear();
        d.units.addAll(units);
        d.operations.clear();
        d.operations.addAll(ops);
        return true;
    }

    /** The same plan in the world of the donor's seed, its names fitted to that world. */
    private boolean reseed(Draft d, Draft donor) {
        if (donor == null || donor.seed == d.seed) {
            return false;
        }
        WorldNames names = worlds.of(donor.seed).names();
        List<List<TimedFault>> units = new ArrayList<>();
        for (List<TimedFault> u : d.units) {
            List<TimedFault> fitted = fitUnit(u, names);
            if (fitted != null) {
                units.add(fitted);
            }
        }
        List<TimedOperation> ops = new ArrayList<>();
        for (TimedOperation op : d.operations) {
            if (fit(op.operation(), names) instanceof Operation o) {
                ops.add(new TimedOperation(op.atMicros(), o));
            }
        }
        d.seed = donor.seed;
        d.units.clear();
        d.units.addAll(units);
        d.operations.clear();
        d.operations.addAll(ops);
        return true;
    }

    // ---- values ---------------------------------------------------------------------------------

    /**
     * The unit with every name its world lacks replaced by one it has, the same way in each of its
     * faults (a crash and its restart stay on one node); null if a record refuses.
     */
    private List<TimedFault> fitUnit(List<TimedFault> unit, WorldNames names) {
        TreeMap<String, Object> chosen = new TreeMap<>();
        List<TimedFault> out = new ArrayList<>();
        for (TimedFault tf : unit) {
            Fault f = tf.fault();
            Fault fitted;
            if (f instanceof End end) {
                Object start = fit(end.start(), names, chosen);
                fitted = start instanceof LastingFault lf ? new End(lf) : null;
            } else {
                Object r = fit(f, names, chosen);
                fitted = r instanceof Fault ff ? ff : null;
            }
            if (fitted == null || fitted instanceof NodeFault.CodeChange) {
                return null;
            }
            out.add(new TimedFault(tf.atMicros(), fitted));
        }
        return out;
    }

    private Object fit(Object record, WorldNames names) {
        return fit(record, names, new TreeMap<>());
    }

    /** The record with each name the world lacks replaced (the same old name by the same new one, through {@code chosen}). */
    private Object fit(Object record, WorldNames names, TreeMap<String, Object> chosen) {
        if (!names.checked()) {
            return record;
        }
        String kind = Fault.kindOf(record.getClass());
        Object out = record;
        for (Records.Field f : Records.fields(record)) {
            Optional<List<String>> valid = names.valid(kind, f.name());
            if (valid.isEmpty() || valid.get().contains(String.valueOf(f.value()))) {
                continue;
            }
            if (valid.get().isEmpty()) {
                return null;
            }
            String key = f.name() + "=" + f.value();
            Object v = chosen.get(key);
            if (v == null) {
                v = convert(valid.get().get(random.nextInt(valid.get().size())), f.value());
                if (v == null) {
                    return null;
                }
                chosen.put(key, v);
            }
            out = Records.with(out, f.name(), v);
            if (out == null) {
                return null;
            }
        }
        return out;
    }

    /** Another value for a component: another name of the world, a scaled number, another value the kind took. */
    private Object newValue(String kind, Records.Field f, WorldNames names) {
        Object v = f.value();
        Optional<List<String>> valid = names.checked() ? names.valid(kind, f.name()) : Optional.empty();
        if (valid.isPresent()) {
            List<String> others = new ArrayList<>(valid.get());
            others.remove(String.valueOf(v));
            return others.isEmpty() ? null : convert(others.get(random.nextInt(others.size())), v);
        }
        if (v instanceof Boolean b) {
            return !b;
        }
        if (v instanceof Enum<?> e) {
            Object[] constants = e.getDeclaringClass().getEnumConstants();
            return constants.length < 2
                    ? null
                    : constants[(e.ordinal() + 1 + random.nextInt(constants.length - 1)) % constants.length];
        }
        List<Object> seen = pool.values(kind, f.name());
        if (v instanceof Double x) {
            return f.unit() == Unit.PROBABILITY ? random.nextDouble() : x * factor();
        }
        if ((v instanceof Long || v instanceof Integer)
                && f.unit().measured()
                && (seen.size() < 2 || random.chance(0.6))) {
            long n = ((Number) v).longValue();
            long max = f.unit().max() / 4;
            long scaled = f.unit() == Unit.SKEW_MICROS && random.chance(0.25)
                    ? -n
                    : (n < 0 ? -scale(-n, factor(), max) : scale(n, factor(), max));
            return v instanceof Integer
                    ? (Object) (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, scaled))
                    : (Object) scaled;
        }
        List<Object> others = new ArrayList<>(seen);
        others.remove(v);
        return others.isEmpty() ? null : others.get(random.nextInt(others.size()));
    }

    private static Object convert(String text, Object like) {
        try {
            if (like instanceof Long) {
                return Long.parseLong(text);
            }
            if (like instanceof Integer) {
                return Integer.parseInt(text);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return like instanceof String ? text : null;
    }

    /** A factor between 1/4 and 4, log-uniform, never 1. */
    private double factor() {
        double f = StrictMath.pow(2, (random.nextDouble() * 4) - 2);
        return f == 1 ? 2 : f;
    }

    private static long scale(long n, double factor, long max) {
        long scaled = (long) StrictMath.round(Math.max(1, n) * factor);
        return Math.max(n > 0 ? 1 : 0, Math.min(max, scaled));
    }

    /** A signed time step, log-uniform from a microsecond to half the span. */
    private long delta(long span) {
        long magnitude = Math.max(1, span >> (1 + random.nextInt(20)));
        long d = 1 + random.nextLong(magnitude);
        return random.chance(0.5) ? d : -d;
    }

    private static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    private <T> boolean removeOne(List<T> list) {
        if (list.isEmpty()) {
            return false;
        }
        list.remove(random.nextInt(list.size()));
        return true;
    }
}
