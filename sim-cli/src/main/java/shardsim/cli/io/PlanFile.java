package shardsim.cli.io;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import shardsim.cli.base.UserError;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.LastingFault;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanValidation;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.Scenario;
import shardsim.core.workload.Operation;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plan given as data: the default link policy, every fault and optionally every workload
 * operation, as JSON.
 *
 * <pre>
 * {"schema": "shardsim-plan", "schemaVersion": 2, "scenario": "drop-after-clone",
 *  "base": "random", "seed": 1,
 *  "link": {"lossProbability": 0.01, "duplicateProbability": 0.0, "delayMicrosMin": 500, "delayMicrosMax": 20000},
 *  "faults": [{"atMicros": 1000000, "kind": "partition", "a": "fe", "b": "be10003"},
 *             {"atMicros": 4000000, "kind": "partition-end", "a": "fe", "b": "be10003"}],
 *  "workload": [{"atMicros": 2000000, "kind": "balance", "tabletId": 11415, "destBackend": "be10004"}]}
 * </pre>
 *
 * A fault's or operation's fields are its record's components; its kind is the record's simple
 * name in kebab case. The end of a lasting fault ({@link End}) is its start's kind with
 * {@code -end} appended and the start's fields, so it names exactly the fault it ends. {@code base} (default {@code random}) names the built-in plan whose world
 * the plan runs in; {@code seed} is the seed {@code sim run} uses when given none; without
 * {@code workload} the workload is drawn from the seed. {@code "modes": {"NAME": "MODE"}} starts
 * nodes or roles on another mode's code than the run's; the kinds {@code upgrade} and
 * {@code downgrade} ({@code node}, {@code toMode}) restart a node on another mode's code. The link's delay is uniform between
 * {@code delayMicrosMin} and {@code delayMicrosMax}, exponential when {@code delayMicrosMean} is
 * also given, or fixed when {@code delayMicros} is given instead. Version 1 files (no base, seed
 * or workload) still read. Every problem (unknown kind, missing or extra field, a probability
 * outside [0, 1]) is a one-line {@link UserError}.
 */
public final class PlanFile {
    public static final String SCHEMA = "shardsim-plan";
    public static final int SCHEMA_VERSION = 2;

    /** Kernel fault kinds a plan file may name (link policy changes go in "link" instead). */
    private static final List<Class<? extends Fault>> KERNEL_KINDS = List.of(
            NetFault.Partition.class, NetFault.PartitionOneWay.class, NetFault.Clog.class,
            NodeFault.Crash.class, NodeFault.Restart.class, NodeFault.ClockSkew.class, NodeFault.Upgrade.class, NodeFault.Downgrade.class);

    private static final List<String> LINK_FIELDS = List.of("lossProbability", "duplicateProbability", "delayMicros", "delayMicrosMin", "delayMicrosMax",
            "delayMicrosMean", "capacity");

    private static final List<String> TOP_LEVEL = List.of("schema", "schemaVersion", "scenario", "base", "seed", "modes", "link", "faults", "workload");

    private PlanFile() {
    }

    /** Whether a --plan value names a file rather than a built-in plan. */
    public static boolean looksLikeFile(String plan) {
        return plan.endsWith(".json") || plan.contains("/") || plan.contains(java.io.File.separator);
    }

    public static CustomPlan read(Path path, Scenario scenario) {
        return load(path, scenario).plan();
    }

    private static String text(Path path) {
        String where = "plan " + path;
        String text = InputText.read(path, where, InputLimits.PLAN_BYTES);
        if (text.isBlank()) {
            throw new UserError(where + " is empty");
        }
        return text;
    }

    public static CustomPlan fromJson(ObjectNode o, String source, Scenario scenario) {
        String where = "plan " + source;
        String schema = Json.text(o, "schema", where);
        if (!SCHEMA.equals(schema)) {
            throw new UserError(where + " has schema '" + schema + "', expected '" + SCHEMA + "'");
        }
        long version = Json.number(o, "schemaVersion", where);
        if (version != 1 && version != SCHEMA_VERSION) {
            throw new UserError(where + " has schema version " + version + ", this sim reads versions 1 and " + SCHEMA_VERSION);
        }
        Json.onlyFields(o, where, TOP_LEVEL);
        if (version == 1) {
            for (String v2 : List.of("base", "seed", "modes", "workload")) {
                if (o.has(v2)) {
                    throw new UserError(where + " has schema version 1, which has no field '" + v2 + "' (it came with version " + SCHEMA_VERSION
                            + "): set \"schemaVersion\": " + SCHEMA_VERSION);
                }
            }
        }
        String forScenario = Json.text(o, "scenario", where);
        if (!forScenario.equals(scenario.name())) {
            throw new UserError(where + " is for scenario '" + forScenario + "', not '" + scenario.name() + "'");
        }
        LinkPolicy link = link(o.get("link"), where);
        JsonNode faults = o.get("faults");
        if (faults == null || !faults.isArray()) {
            throw new UserError(where + ": field 'faults' is missing or not a list");
        }
        List<TimedFault> out = new ArrayList<>();
        for (Entry<Fault> e : entries(faults, where, "fault", faultReaders(scenario))) {
            out.add(new TimedFault(e.atMicros(), e.value()));
        }
        String base = o.has("base") ? Json.text(o, "base", where) : Plans.RANDOM;
        if (!scenario.plans().contains(base)) {
            throw new UserError(where + ": unknown base '" + base + "' (expected one of " + String.join(", ", scenario.plans()) + ")");
        }
        Workload workload = o.has("workload") ? workload(o.get("workload"), where, scenario) : null;
        CustomPlan plan = new CustomPlan(source, base, link, new FaultPlan(out), workload, modes(o.get("modes"), where, scenario));
        try {
            PlanValidation.checkNumbers(plan);
            shardsim.core.scenario.NodeModes.checkCodeChanges(plan.faults(), scenario.modes(), null);
        } catch (IllegalArgumentException e) {
            throw new UserError(where + ": " + e.getMessage());
        }
        return plan;
    }

    /** The plan's {@code "modes"}: node or role name to the mode it starts on (the names are checked against a seed's world later). */
    private static java.util.SortedMap<String, String> modes(JsonNode m, String where, Scenario scenario) {
        if (m == null) {
            return shardsim.core.scenario.NodeModes.NONE;
        }
        if (!m.isObject()) {
            throw new UserError(where + ": field 'modes' is not a JSON object of NAME: MODE");
        }
        if (m.size() > PlanValidation.MAX_ENTRIES) {
            throw new UserError(where + ": " + m.size() + " modes, more than the " + PlanValidation.MAX_ENTRIES + " a plan may hold");
        }
        TreeMap<String, String> out = new TreeMap<>();
        for (String name : m.propertyNames()) {
            JsonNode v = m.get(name);
            if (!v.isString()) {
                throw new UserError(where + ": modes." + name + " must be a mode's name (a string)");
            }
            if (!scenario.modes().contains(v.stringValue())) {
                throw new UserError(where + ": modes." + name + ": unknown mode '" + v.stringValue() + "' (expected one of " + String.join(", ", scenario.modes()) + ")");
            }
            if (name.isEmpty() || name.length() > PlanValidation.MAX_TEXT) {
                throw new UserError(where + ": modes: a name must have 1 to " + PlanValidation.MAX_TEXT + " characters");
            }
            out.put(name, v.stringValue());
        }
        return shardsim.core.scenario.NodeModes.copy(out);
    }

    /** The seed a plan file names, if it names one. */
    public static OptionalLong seed(ObjectNode o, String source) {
        return o.has("seed") ? OptionalLong.of(Json.number(o, "seed", "plan " + source)) : OptionalLong.empty();
    }

    /** Reads a plan file and the seed it names, if any. */
    public static Loaded load(Path path, Scenario scenario) {
        ObjectNode o = Json.object(text(path), "plan " + path);
        return new Loaded(fromJson(o, path.toString(), scenario), seed(o, path.toString()));
    }

    /** A plan file's plan and the seed it names. */
    public record Loaded(CustomPlan plan, OptionalLong seed) {
    }

    private static Workload workload(JsonNode ops, String where, Scenario scenario) {
        if (!ops.isArray()) {
            throw new UserError(where + ": field 'workload' is not a list");
        }
        Map<String, Reader<Operation>> kinds = new TreeMap<>();
        for (Class<? extends Operation> k : scenario.operationKinds()) {
            if (!k.isRecord()) {
                throw new IllegalStateException("scenario operation kind " + k + " is not a record");
            }
            kinds.put(kindName(k), (item, at) -> build(k, kindName(k), item, at));
        }
        List<TimedOperation> out = new ArrayList<>();
        for (Entry<Operation> e : entries(ops, where, "operation", kinds)) {
            out.add(new TimedOperation(e.atMicros(), e.value()));
        }
        return new Workload(out);
    }

    private record Entry<T>(long atMicros, T value) {
    }

    /** Builds one kind's record from its JSON object. */
    @FunctionalInterface
    private interface Reader<T> {
        T read(ObjectNode item, String where);
    }

    /** The timed records of a list: each an object with atMicros, a known kind and that kind's fields. */
    private static <T> List<Entry<T>> entries(JsonNode list, String where, String what, Map<String, Reader<T>> kinds) {
        if (list.size() > PlanValidation.MAX_ENTRIES) {
            throw new UserError(where + ": " + list.size() + " " + what + "s, more than the " + PlanValidation.MAX_ENTRIES + " a plan may hold");
        }
        List<Entry<T>> out = new ArrayList<>();
        int i = 0;
        for (JsonNode item : list) {
            String at = where + " " + what + " #" + i++;
            if (!item.isObject()) {
                throw new UserError(at + " is not a JSON object");
            }
            long atMicros = Json.number(item, "atMicros", at);
            if (atMicros < 0 || atMicros > PlanValidation.MAX_MICROS) {
                throw new UserError(at + ": atMicros must be between 0 and " + PlanValidation.MAX_MICROS + ", got " + atMicros);
            }
            String kind = Json.text(item, "kind", at);
            Reader<T> reader = kinds.get(kind);
            if (reader == null) {
                String base = kind.endsWith(End.SUFFIX) ? kind.substring(0, kind.length() - End.SUFFIX.length()) : null;
                if (base != null && kinds.containsKey(base)) {
                    throw new UserError(at + ": unknown " + what + " kind '" + kind + "': " + base + " does not last, so nothing ends it");
                }
                throw new UserError(at + ": unknown " + what + " kind '" + kind + "' (known: " + String.join(", ", kinds.keySet()) + ")");
            }
            out.add(new Entry<>(atMicros, reader.read((ObjectNode) item, at)));
        }
        return out;
    }

    /** The plan as JSON, as a plan file holds it (used in trace headers so replays need no other file). */
    public static ObjectNode toJson(CustomPlan plan, String scenario) {
        return toJson(plan, scenario, null);
    }

    /** The plan as JSON, naming {@code seed} (when not null) as the seed to run it with. */
    public static ObjectNode toJson(CustomPlan plan, String scenario, Long seed) {
        // One writer for plan files, in sim-core (PlanJson), so test kits without Jackson write the same files.
        return Json.object(shardsim.core.scenario.PlanJson.write(plan, scenario, seed), "plan " + plan.source());
    }

    /** "PartitionOneWay" becomes "partition-one-way". */
    public static String kindName(Class<?> type) {
        return Fault.kindOf(type);
    }

    /**
     * Every fault kind a plan file for this scenario may name, in name order, as written. A
     * lasting kind ({@link LastingFault}) comes with its end kind, {@code KIND-end}.
     */
    public static List<String> faultKindNames(Scenario scenario) {
        return new ArrayList<>(faultReaders(scenario).keySet());
    }

    private static Map<String, Reader<Fault>> faultReaders(Scenario scenario) {
        Map<String, Reader<Fault>> kinds = new TreeMap<>();
        List<Class<? extends Fault>> all = new ArrayList<>(KERNEL_KINDS);
        all.addAll(scenario.faultKinds());
        for (Class<? extends Fault> k : all) {
            if (!k.isRecord()) {
                throw new IllegalStateException("scenario fault kind " + k + " is not a record");
            }
            String name = kindName(k);
            kinds.put(name, (item, at) -> build(k, name, item, at));
            if (LastingFault.class.isAssignableFrom(k)) {
                String end = name + End.SUFFIX;
                kinds.put(end, (item, at) -> new End((LastingFault) build(k, end, item, at)));
            }
        }
        return kinds;
    }

    private static LinkPolicy link(JsonNode l, String where) {
        if (l == null) {
            return LinkPolicy.reliable();
        }
        String at = where + " link";
        if (!l.isObject()) {
            throw new UserError(at + " is not a JSON object");
        }
        Json.onlyFields(l, at, LINK_FIELDS);
        double loss = probability(l, "lossProbability", at);
        double dup = probability(l, "duplicateProbability", at);
        long capacity = l.has("capacity") ? Json.number(l, "capacity", at) : LinkPolicy.DEFAULT_CAPACITY;
        if (capacity <= 0 || capacity > Integer.MAX_VALUE) {
            throw new UserError(at + ": capacity must be a positive int, got " + capacity);
        }
        return new LinkPolicy(loss, dup, delay(l, at), (int) capacity);
    }

    private static Delay delay(JsonNode l, String at) {
        if (l.has("delayMicros")) {
            if (l.has("delayMicrosMin") || l.has("delayMicrosMax") || l.has("delayMicrosMean")) {
                throw new UserError(at + ": give either delayMicros (fixed) or delayMicrosMin and delayMicrosMax, not both");
            }
            long fixed = Json.number(l, "delayMicros", at);
            if (fixed < 0 || fixed > PlanValidation.MAX_MICROS) {
                throw new UserError(at + ": delayMicros must be between 0 and " + PlanValidation.MAX_MICROS + ", got " + fixed);
            }
            return new Delay.Fixed(fixed);
        }
        long min = Json.number(l, "delayMicrosMin", at);
        long max = Json.number(l, "delayMicrosMax", at);
        if (min < 0 || max < min || max > PlanValidation.MAX_MICROS) {
            throw new UserError(at + ": need 0 <= delayMicrosMin <= delayMicrosMax <= " + PlanValidation.MAX_MICROS + ", got " + min + " and " + max);
        }
        if (l.has("delayMicrosMean")) {
            long mean = Json.number(l, "delayMicrosMean", at);
            if (mean <= 0 || mean > PlanValidation.MAX_MICROS) {
                throw new UserError(at + ": delayMicrosMean must be between 1 and " + PlanValidation.MAX_MICROS + ", got " + mean);
            }
            return new Delay.Exponential(min, mean, max);
        }
        return new Delay.Uniform(min, max);
    }

    private static double probability(JsonNode o, String field, String where) {
        JsonNode v = o.get(field);
        if (v == null || !v.isNumber()) {
            throw new UserError(where + ": field '" + field + "' is missing or not a number");
        }
        double p = v.doubleValue();
        if (!(p >= 0 && p <= 1)) {
            throw new UserError(where + ": " + field + " must be between 0 and 1, got " + v);
        }
        return p;
    }

    private static <T> T build(Class<? extends T> type, String kind, ObjectNode f, String where) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        List<String> expected = new ArrayList<>(List.of("atMicros", "kind"));
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            types[i] = c.getType();
            expected.add(c.getName());
            args[i] = value(c, f.get(c.getName()), where);
        }
        for (String name : f.propertyNames()) {
            if (!expected.contains(name)) {
                throw new UserError(where + ": unknown field '" + name + "' for kind " + kind + " (fields: " + String.join(", ", expected) + ")");
            }
        }
        try {
            Constructor<? extends T> ctor = type.getDeclaredConstructor(types);
            ctor.setAccessible(true);
            return ctor.newInstance(args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new UserError(where + ": " + (cause.getMessage() == null ? cause.toString() : cause.getMessage()));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type, e);
        }
    }

    private static Object value(RecordComponent c, JsonNode v, String where) {
        String name = c.getName();
        Class<?> t = c.getType();
        if (v == null || v.isNull()) {
            throw new UserError(where + ": field '" + name + "' is missing");
        }
        if (t == String.class && v.isString()) {
            return v.stringValue();
        }
        if ((t == long.class || t == int.class) && v.isIntegralNumber() && v.canConvertToLong()) {
            long n = v.longValue();
            if (t == int.class) {
                if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
                    throw new UserError(where + ": field '" + name + "' is out of range");
                }
                return (int) n;
            }
            return n;
        }
        if (t == double.class && v.isNumber()) {
            return v.doubleValue();
        }
        if (t == boolean.class && v.isBoolean()) {
            return v.booleanValue();
        }
        if (t.isEnum() && v.isString()) {
            for (Object constant : t.getEnumConstants()) {
                if (((Enum<?>) constant).name().equals(v.stringValue())) {
                    return constant;
                }
            }
            throw new UserError(where + ": field '" + name + "' must be one of " + java.util.Arrays.toString(t.getEnumConstants()));
        }
        throw new UserError(where + ": field '" + name + "' must be " + (t == String.class ? "a string" : t.isPrimitive() ? "a " + t.getName() : t.getSimpleName()));
    }
}
