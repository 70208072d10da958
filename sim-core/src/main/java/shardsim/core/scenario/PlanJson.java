package shardsim.core.scenario;

import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.TimedFault;
import shardsim.core.kind.Field;
import shardsim.core.kind.Kind;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.workload.TimedOperation;

/**
 * The one codec of plan files: {@link #write} turns a {@link CustomPlan} into the JSON text
 * {@code sim run --plan} reads, and {@link #read} reads it back, so what one side can say the
 * other reads (a test kit's {@code PlanRoundTrip} holds every scenario to it). It lives in the
 * kernel, with no JSON library, so that a test kit outside the command line writes and reads the
 * same files; the command line parses a file's syntax with its own JSON library first (for its
 * messages) and then hands the text here. The kinds a plan may name are {@link PlanKinds}'.
 *
 * <p>A fault's or an operation's fields are its record's components, in declaration order, after
 * {@code atMicros} and {@code kind} (the simple class name in kebab case). Longs and ints are JSON
 * integers, doubles are written by {@link Double#toString} (always with a point or an exponent, so
 * a reader takes them as floating point), booleans as {@code true}/{@code false}, enums by name and
 * a {@link LinkPolicy} as an object of the fields of the plan's {@code link}. Each fault and operation goes on its own line. A plan whose nodes or
 * roles start on their own modes has {@code "modes": {"NAME": "MODE"}} after the seed.
 */
public final class PlanJson {
    /** The {@code schema} every plan file names. */
    public static final String SCHEMA = "shardsim-plan";
    /** The version this codec writes (it reads 1 and this one). */
    public static final int SCHEMA_VERSION = 2;

    private final StringBuilder out = new StringBuilder(256);

    private PlanJson() {}

    /**
     * A plan file's plan and the seed it names.
     *
     * @param plan the plan, its source the name it was read under
     * @param seed the seed the file names, if it names one
     */
    public record Read(CustomPlan plan, java.util.OptionalLong seed) {}

    /**
     * Reads the plan file {@code text} for {@code scenario}; {@code source} names it in the plan
     * and in errors ("plan FILE: ...").
     *
     * @throws IllegalArgumentException with one line naming the file, the entry and the field,
     *     for anything that is not a plan this scenario can run (bad JSON, an unknown kind or
     *     field, a number out of range)
     */
    public static Read read(String text, String source, Scenario scenario) {
        return PlanReader.read(JsonTree.parse(text, "plan " + source), source, scenario);
    }

    /** The plan file's text for {@code plan} in {@code scenario}, naming {@code seed} unless it is null. */
    public static String write(CustomPlan plan, String scenario, Long seed) {
        PlanJson w = new PlanJson();
        w.out.append('{');
        w.field("schema").string(SCHEMA);
        w.comma().field("schemaVersion").out.append(SCHEMA_VERSION);
        w.comma().field("scenario").string(scenario);
        w.comma().field("base").string(plan.base());
        if (seed != null) {
            w.comma().field("seed").out.append(seed.longValue());
        }
        if (!plan.modes().isEmpty()) {
            w.comma().field("modes").out.append('{');
            String between = "";
            for (java.util.Map.Entry<String, String> m : plan.modes().entrySet()) {
                w.out.append(between);
                w.field(m.getKey()).string(m.getValue());
                between = ",";
            }
            w.out.append('}');
        }
        w.comma().field("link").link(plan.link());
        w.comma().field("faults").out.append('[');
        String sep = "\n  ";
        for (TimedFault f : plan.faults().faults()) {
            w.out.append(sep);
            w.record(f.atMicros(), f.fault());
            sep = ",\n  ";
        }
        w.out.append(']');
        if (plan.hasWorkload()) {
            w.comma().field("workload").out.append('[');
            sep = "\n  ";
            for (TimedOperation op : plan.workload().operations()) {
                w.out.append(sep);
                w.record(op.atMicros(), op.operation());
                sep = ",\n  ";
            }
            w.out.append(']');
        }
        w.out.append('}');
        return w.out.toString();
    }

    private void link(LinkPolicy p) {
        out.append('{');
        field("lossProbability").number(p.lossProbability());
        comma().field("duplicateProbability").number(p.duplicateProbability());
        Delay d = p.delay();
        if (d instanceof Delay.Uniform u) {
            comma().field("delayMicrosMin").out.append(u.minMicros());
            comma().field("delayMicrosMax").out.append(u.maxMicros());
        } else if (d instanceof Delay.Exponential e) {
            comma().field("delayMicrosMin").out.append(e.minMicros());
            comma().field("delayMicrosMean").out.append(e.meanMicros());
            comma().field("delayMicrosMax").out.append(e.maxMicros());
        } else if (d instanceof Delay.Fixed f) {
            comma().field("delayMicros").out.append(f.micros());
        } else {
            throw new IllegalStateException("unknown delay " + d);
        }
        comma().field("capacity").out.append(p.capacity());
        out.append('}');
    }

    /**
     * One timed fault or operation: its time, its kind, then its record's components. The end of a
     * lasting fault is its start's kind with "-end" and the start's components, so it names exactly
     * the fault it ends.
     */
    private void record(long atMicros, Object written) {
        Object r = written instanceof End e ? e.start() : written;
        String problem = PlanKinds.problem(r.getClass());
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        out.append('{');
        field("atMicros").out.append(atMicros);
        comma().field("kind").string(written instanceof Fault fault ? fault.kind() : Fault.kindOf(r.getClass()));
        for (Field c : Kind.of(r.getClass()).fields()) {
            comma().field(c.name()).value(c.read(r));
        }
        out.append('}');
    }

    private void value(Object v) {
        if (v instanceof Long || v instanceof Integer || v instanceof Boolean) {
            out.append(v);
        } else if (v instanceof Double n) {
            number(n);
        } else if (v instanceof Enum<?> e) {
            string(e.name());
        } else if (v instanceof LinkPolicy p) {
            link(p);
        } else {
            string(String.valueOf(v));
        }
    }

    /** A double as a JSON number; NaN and the infinities, which JSON lacks, as strings (as Jackson writes them). */
    private void number(double d) {
        if (Double.isFinite(d)) {
            out.append(Double.toString(d));
        } else {
            string(Double.toString(d));
        }
    }

    private PlanJson comma() {
        out.append(',');
        return this;
    }

    private PlanJson field(String name) {
        string(name);
        out.append(':');
        return this;
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
