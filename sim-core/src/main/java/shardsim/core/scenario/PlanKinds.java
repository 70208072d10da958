package shardsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.LastingFault;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.kind.Field;
import shardsim.core.kind.Kind;
import shardsim.core.kind.Unit;
import shardsim.core.net.LinkPolicy;
import shardsim.core.workload.Operation;

/**
 * Which records a plan file may hold, for the one codec ({@link PlanJson}) that writes and reads
 * them: every kernel fault kind (each record {@link NetFault} and {@link NodeFault} permit, and
 * the one {@link End} of any lasting kind), a scenario's own fault kinds
 * ({@link Scenario#faultKinds()}) and its operation kinds ({@link Scenario#operationKinds()}). A
 * kind's fields are its record's components; a component may be a {@code String}, {@code long},
 * {@code int}, {@code double}, {@code boolean}, an enum, or a {@link LinkPolicy} (written as a
 * plan's {@code link} is). A kind with any other component has no plan-file form:
 * {@link #problems} names it, so a scenario's test finds it before a user's plan does.
 */
public final class PlanKinds {
    /** The kernel's fault kinds, every one a plan file may name, in declaration order. */
    public static final List<Class<? extends Fault>> KERNEL = List.of(
            NetFault.Partition.class,
            NetFault.PartitionOneWay.class,
            NetFault.Clog.class,
            NetFault.SetLink.class,
            NodeFault.Crash.class,
            NodeFault.Restart.class,
            NodeFault.ClockSkew.class,
            NodeFault.Upgrade.class,
            NodeFault.Downgrade.class);

    private PlanKinds() {}

    /** "PartitionOneWay" becomes "partition-one-way". */
    public static String kindName(Class<?> type) {
        return Kind.nameOf(type);
    }

    /**
     * Every fault kind a plan file for {@code scenario} may name, by name (sorted), to its record;
     * a lasting kind's end ({@code KIND-end}) maps to the lasting kind.
     */
    public static Map<String, Class<? extends Fault>> faultKinds(Scenario scenario) {
        Map<String, Class<? extends Fault>> out = new TreeMap<>();
        List<Class<? extends Fault>> all = new ArrayList<>(KERNEL);
        all.addAll(scenario.faultKinds());
        for (Class<? extends Fault> k : all) {
            out.put(kindName(k), k);
            if (LastingFault.class.isAssignableFrom(k)) {
                out.put(kindName(k) + End.SUFFIX, k);
            }
        }
        return out;
    }

    /** Every operation kind a plan file for {@code scenario} may name, by name (sorted). */
    public static Map<String, Class<? extends Operation>> operationKinds(Scenario scenario) {
        Map<String, Class<? extends Operation>> out = new TreeMap<>();
        for (Class<? extends Operation> k : scenario.operationKinds()) {
            out.put(kindName(k), k);
        }
        return out;
    }

    /** The names of {@link #faultKinds}, in name order. */
    public static List<String> faultKindNames(Scenario scenario) {
        return new ArrayList<>(faultKinds(scenario).keySet());
    }

    /** Whether a record component of this type has a plan-file form. */
    public static boolean codable(Class<?> type) {
        return type == String.class
                || type == long.class
                || type == int.class
                || type == double.class
                || type == boolean.class
                || type.isEnum()
                || type == LinkPolicy.class;
    }

    /**
     * What keeps a kind of {@code scenario} (kernel kinds included) out of plan files: a kind that is
     * not a record, has a component of a type with no plan-file form, or has a component named
     * {@code kind} or {@code atMicros}. Empty when every kind has its form.
     */
    public static List<String> problems(Scenario scenario) {
        List<Class<?>> all = new ArrayList<>(faultKinds(scenario).values());
        all.addAll(operationKinds(scenario).values());
        List<String> out = new ArrayList<>();
        for (Class<?> k : all) {
            String problem = problem(k);
            if (problem != null && !out.contains(problem)) {
                out.add(problem);
            }
        }
        return out;
    }

    /**
     * Why {@code kind} has no plan-file form, or null if it has one: see {@link Kind#problem}. A
     * component named as a measure ({@code *Micros}, {@code micros}, {@code bytes}, {@code skew*},
     * {@code *Probability}) that declares no {@link Unit} is one too: the kernel reads no unit
     * from a name, so it would be checked and mutated as a plain id or number.
     */
    public static String problem(Class<?> kind) {
        Kind k = Kind.of(kind);
        String problem = k.problem(PlanKinds::codable);
        if (problem != null) {
            return problem;
        }
        for (Field f : k.fields()) {
            String n = f.name();
            boolean looksMeasured = n.endsWith("Micros")
                    || n.equals("micros")
                    || n.equals("bytes")
                    || n.startsWith("skew")
                    || n.toLowerCase(java.util.Locale.ROOT).endsWith("probability");
            if (looksMeasured && !f.declared()) {
                return kind.getName() + "." + n
                        + " declares no unit: annotate it @Quantity(Unit....) (a time, a skew, a size or a probability)";
            }
        }
        return null;
    }
}
