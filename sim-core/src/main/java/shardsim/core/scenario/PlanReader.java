package shardsim.core.scenario;

import java.lang.reflect.InvocationTargetException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.LastingFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.kind.Field;
import shardsim.core.kind.Kind;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.workload.Operation;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;

/**
 * The reading half of {@link PlanJson}: a plan file's tree ({@link JsonTree}) into a
 * {@link CustomPlan}. Every problem is one {@link IllegalArgumentException} line that starts with
 * where it is ("plan FILE fault #3: ...").
 */
final class PlanReader {
    private static final List<String> LINK_FIELDS = List.of(
            "lossProbability",
            "duplicateProbability",
            "delayMicros",
            "delayMicrosMin",
            "delayMicrosMax",
            "delayMicrosMean",
            "capacity");

    private static final List<String> TOP_LEVEL =
            List.of("schema", "schemaVersion", "scenario", "base", "seed", "modes", "link", "faults", "workload");

    private PlanReader() {}

    static PlanJson.Read read(Object tree, String source, Scenario scenario) {
        String where = "plan " + source;
        if (!(tree instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(where + " is not a JSON object");
        }
        Map<String, Object> o = cast(tree);
        String schema = text(o, "schema", where);
        if (!PlanJson.SCHEMA.equals(schema)) {
            throw new IllegalArgumentException(
                    where + " has schema '" + oneLine(schema) + "', expected '" + PlanJson.SCHEMA + "'");
        }
        long version = number(o, "schemaVersion", where);
        if (version != 1 && version != PlanJson.SCHEMA_VERSION) {
            throw new IllegalArgumentException(where + " has schema version " + version
                    + ", this sim reads versions 1 and " + PlanJson.SCHEMA_VERSION);
        }
        onlyFields(o, where, TOP_LEVEL);
        if (version == 1) {
            for (String v2 : List.of("base", "seed", "modes", "workload")) {
                if (o.containsKey(v2)) {
                    throw new IllegalArgumentException(
                            where + " has schema version 1, which has no field '" + v2 + "' (it came with version "
                                    + PlanJson.SCHEMA_VERSION + "): set \"schemaVersion\": " + PlanJson.SCHEMA_VERSION);
                }
            }
        }
        String forScenario = text(o, "scenario", where);
        if (!forScenario.equals(scenario.name())) {
            throw new IllegalArgumentException(
                    where + " is for scenario '" + oneLine(forScenario) + "', not '" + scenario.name() + "'");
        }
        LinkPolicy link = o.containsKey("link") ? link(o.get("link"), where + " link") : LinkPolicy.reliable();
        Object faults = o.get("faults");
        if (!(faults instanceof List<?>)) {
            throw new IllegalArgumentException(where + ": field 'faults' is missing or not a list");
        }
        List<TimedFault> out = new ArrayList<>();
        Map<String, Class<? extends Fault>> faultKinds = PlanKinds.faultKinds(scenario);
        for (Object[] e : entries((List<?>) faults, where, "fault", faultKinds.keySet())) {
            String kind = (String) e[1];
            Class<? extends Fault> type = faultKinds.get(kind);
            Fault f = build(type, kind, cast(e[2]), (String) e[3]);
            out.add(new TimedFault(
                    (Long) e[0],
                    kind.endsWith(End.SUFFIX) && !kind.equals(PlanKinds.kindName(type))
                            ? new End((LastingFault) f)
                            : f));
        }
        String base = o.containsKey("base") ? text(o, "base", where) : Plans.RANDOM;
        if (!scenario.plans().contains(base)) {
            throw new IllegalArgumentException(where + ": unknown base '" + oneLine(base) + "' (expected one of "
                    + String.join(", ", scenario.plans()) + ")");
        }
        Workload workload = o.containsKey("workload") ? workload(o.get("workload"), where, scenario) : null;
        CustomPlan plan = new CustomPlan(
                source, base, link, new FaultPlan(out), workload, modes(o.get("modes"), where, scenario));
        try {
            PlanValidation.checkNumbers(plan);
            NodeModes.checkCodeChanges(plan.faults(), scenario.modes(), null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
        OptionalLong seed = o.containsKey("seed") ? OptionalLong.of(number(o, "seed", where)) : OptionalLong.empty();
        return new PlanJson.Read(plan, seed);
    }

    /** The plan's {@code "modes"}: node or role name to the mode it starts on (the names are checked against a seed's world later). */
    private static java.util.SortedMap<String, String> modes(Object m, String where, Scenario scenario) {
        if (m == null) {
            return NodeModes.NONE;
        }
        if (!(m instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(where + ": field 'modes' is not a JSON object of NAME: MODE");
        }
        Map<String, Object> modes = cast(m);
        if (modes.size() > PlanValidation.MAX_ENTRIES) {
            throw new IllegalArgumentException(where + ": " + modes.size() + " modes, more than the "
                    + PlanValidation.MAX_ENTRIES + " a plan may hold");
        }
        TreeMap<String, String> out = new TreeMap<>();
        for (Map.Entry<String, Object> e : modes.entrySet()) {
            String name = e.getKey();
            if (!(e.getValue() instanceof String mode)) {
                throw new IllegalArgumentException(
                        where + ": modes." + oneLine(name) + " must be a mode's name (a string)");
            }
            if (!scenario.modes().contains(mode)) {
                throw new IllegalArgumentException(where + ": modes." + oneLine(name) + ": unknown mode '"
                        + oneLine(mode) + "' (expected one of " + String.join(", ", scenario.modes()) + ")");
            }
            if (name.isEmpty() || name.length() > PlanValidation.MAX_TEXT) {
                throw new IllegalArgumentException(
                        where + ": modes: a name must have 1 to " + PlanValidation.MAX_TEXT + " characters");
            }
            out.put(name, mode);
        }
        return NodeModes.copy(out);
    }

    private static Workload workload(Object ops, String where, Scenario scenario) {
        if (!(ops instanceof List<?>)) {
            throw new IllegalArgumentException(where + ": field 'workload' is not a list");
        }
        Map<String, Class<? extends Operation>> kinds = PlanKinds.operationKinds(scenario);
        List<TimedOperation> out = new ArrayList<>();
        for (Object[] e : entries((List<?>) ops, where, "operation", kinds.keySet())) {
            String kind = (String) e[1];
            out.add(new TimedOperation((Long) e[0], build(kinds.get(kind), kind, cast(e[2]), (String) e[3])));
        }
        return new Workload(out);
    }

    /** The timed records of a list, each as {atMicros, kind, object, where}: an object with atMicros, a known kind and that kind's fields. */
    private static List<Object[]> entries(List<?> list, String where, String what, Collection<String> kinds) {
        if (list.size() > PlanValidation.MAX_ENTRIES) {
            throw new IllegalArgumentException(where + ": " + list.size() + " " + what + "s, more than the "
                    + PlanValidation.MAX_ENTRIES + " a plan may hold");
        }
        List<Object[]> out = new ArrayList<>();
        int i = 0;
        for (Object item : list) {
            String at = where + " " + what + " #" + i++;
            if (!(item instanceof Map<?, ?>)) {
                throw new IllegalArgumentException(at + " is not a JSON object");
            }
            Map<String, Object> o = cast(item);
            long atMicros = number(o, "atMicros", at);
            if (atMicros < 0 || atMicros > PlanValidation.MAX_MICROS) {
                throw new IllegalArgumentException(
                        at + ": atMicros must be between 0 and " + PlanValidation.MAX_MICROS + ", got " + atMicros);
            }
            String kind = text(o, "kind", at);
            if (!kinds.contains(kind)) {
                String base = kind.endsWith(End.SUFFIX) ? kind.substring(0, kind.length() - End.SUFFIX.length()) : null;
                if (base != null && kinds.contains(base)) {
                    throw new IllegalArgumentException(at + ": unknown " + what + " kind '" + oneLine(kind) + "': "
                            + base + " does not last, so nothing ends it");
                }
                throw new IllegalArgumentException(at + ": unknown " + what + " kind '" + oneLine(kind) + "' (known: "
                        + String.join(", ", kinds) + ")");
            }
            out.add(new Object[] {atMicros, kind, o, at});
        }
        return out;
    }

    private static LinkPolicy link(Object l, String at) {
        if (!(l instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(at + " is not a JSON object");
        }
        Map<String, Object> o = cast(l);
        onlyFields(o, at, LINK_FIELDS);
        double loss = probability(o, "lossProbability", at);
        double dup = probability(o, "duplicateProbability", at);
        long capacity = o.containsKey("capacity") ? number(o, "capacity", at) : LinkPolicy.DEFAULT_CAPACITY;
        if (capacity <= 0 || capacity > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(at + ": capacity must be a positive int, got " + capacity);
        }
        return new LinkPolicy(loss, dup, delay(o, at), (int) capacity);
    }

    private static Delay delay(Map<String, Object> l, String at) {
        if (l.containsKey("delayMicros")) {
            if (l.containsKey("delayMicrosMin")
                    || l.containsKey("delayMicrosMax")
                    || l.containsKey("delayMicrosMean")) {
                throw new IllegalArgumentException(
                        at + ": give either delayMicros (fixed) or delayMicrosMin and delayMicrosMax, not both");
            }
            long fixed = number(l, "delayMicros", at);
            if (fixed < 0 || fixed > PlanValidation.MAX_MICROS) {
                throw new IllegalArgumentException(
                        at + ": delayMicros must be between 0 and " + PlanValidation.MAX_MICROS + ", got " + fixed);
            }
            return new Delay.Fixed(fixed);
        }
        long min = number(l, "delayMicrosMin", at);
        long max = number(l, "delayMicrosMax", at);
        if (min < 0 || max < min || max > PlanValidation.MAX_MICROS) {
            throw new IllegalArgumentException(at + ": need 0 <= delayMicrosMin <= delayMicrosMax <= "
                    + PlanValidation.MAX_MICROS + ", got " + min + " and " + max);
        }
        if (l.containsKey("delayMicrosMean")) {
            long mean = number(l, "delayMicrosMean", at);
            if (mean <= 0 || mean > PlanValidation.MAX_MICROS) {
                throw new IllegalArgumentException(
                        at + ": delayMicrosMean must be between 1 and " + PlanValidation.MAX_MICROS + ", got " + mean);
            }
            return new Delay.Exponential(min, mean, max);
        }
        return new Delay.Uniform(min, max);
    }

    private static double probability(Map<String, Object> o, String field, String where) {
        Object v = o.get(field);
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException(where + ": field '" + field + "' is missing or not a number");
        }
        double p = n.doubleValue();
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException(where + ": " + field + " must be between 0 and 1, got " + v);
        }
        return p;
    }

    private static <T> T build(Class<? extends T> type, String kind, Map<String, Object> f, String where) {
        List<Field> fields = Kind.of(type).fields();
        Object[] args = new Object[fields.size()];
        List<String> expected = new ArrayList<>(List.of("atMicros", "kind"));
        for (int i = 0; i < args.length; i++) {
            Field c = fields.get(i);
            expected.add(c.name());
            args[i] = value(c, f.get(c.name()), where);
        }
        for (String name : f.keySet()) {
            if (!expected.contains(name)) {
                throw new IllegalArgumentException(where + ": unknown field '" + oneLine(name) + "' for kind " + kind
                        + " (fields: " + String.join(", ", expected) + ")");
            }
        }
        try {
            return type.cast(Kind.of(type).build(args));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new IllegalArgumentException(
                    where + ": " + (cause.getMessage() == null ? cause.toString() : cause.getMessage()), cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type, e);
        }
    }

    private static Object value(Field c, Object v, String where) {
        String name = c.name();
        Class<?> t = c.type();
        if (v == null || v == JsonTree.NULL) {
            throw new IllegalArgumentException(where + ": field '" + name + "' is missing");
        }
        if (t == String.class && v instanceof String s) {
            return s;
        }
        if ((t == long.class || t == int.class) && v instanceof Long n) {
            if (t == int.class) {
                if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException(where + ": field '" + name + "' is out of range");
                }
                return (int) n.longValue();
            }
            return n;
        }
        if (t == double.class && v instanceof Number n) {
            return n.doubleValue();
        }
        if (t == boolean.class && v instanceof Boolean b) {
            return b;
        }
        if (t.isEnum() && v instanceof String s) {
            for (Object constant : t.getEnumConstants()) {
                if (((Enum<?>) constant).name().equals(s)) {
                    return constant;
                }
            }
            throw new IllegalArgumentException(
                    where + ": field '" + name + "' must be one of " + java.util.Arrays.toString(t.getEnumConstants()));
        }
        if (t == LinkPolicy.class) {
            return link(v, where + " " + name);
        }
        throw new IllegalArgumentException(where + ": field '" + name + "' must be "
                + (t == String.class ? "a string" : t.isPrimitive() ? "a " + t.getName() : t.getSimpleName()));
    }

    private static void onlyFields(Map<String, Object> o, String where, Collection<String> allowed) {
        for (String name : o.keySet()) {
            if (!allowed.contains(name)) {
                throw new IllegalArgumentException(
                        where + ": unknown field '" + oneLine(name) + "' (fields: " + String.join(", ", allowed) + ")");
            }
        }
    }

    private static String text(Map<String, Object> o, String field, String where) {
        if (!(o.get(field) instanceof String s)) {
            throw new IllegalArgumentException(where + ": field '" + field + "' is missing or not a string");
        }
        return s;
    }

    private static long number(Map<String, Object> o, String field, String where) {
        Object v = o.get(field);
        if (!(v instanceof Long n)) {
            throw new IllegalArgumentException(where + ": field '" + field + "' is missing or not an integer"
                    + (v instanceof BigInteger ? " (out of range)" : ""));
        }
        return n;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object map) {
        return (Map<String, Object>) map;
    }

    /** Text from a file made safe for one terminal line: control characters become escapes. */
    static String oneLine(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n') {
                b.append("\\n");
            } else if (c == '\r') {
                b.append("\\r");
            } else if (c == '\t') {
                b.append("\\t");
            } else if (c < 0x20
                    || c == 0x7f
                    || (c >= 0x80 && c <= 0x9f)
                    || (c >= 0x202a && c <= 0x202e)
                    || (c >= 0x2066 && c <= 0x2069)) {
                b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
