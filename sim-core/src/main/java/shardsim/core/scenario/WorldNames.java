package shardsim.core.scenario;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import shardsim.core.fault.Fault;

/**
 * The names a plan's faults and operations may use in one run's world, keyed by record component:
 * {@code "backend"} for every kind's {@code backend}, or {@code "transfer-leader.to"} for one
 * kind's component (which wins). A scenario derives them from the world it builds for a spec
 * ({@link Scenario#worldNames}), so they follow the world wherever it changes.
 *
 * <p>A string component with no entry is not a name unless declared {@link Builder#free free}
 * text; {@link PlanValidation} refuses a plan whose string component is neither, so a new fault
 * kind cannot slip past the check.
 */
public final class WorldNames {
    /** The kernel's node-naming components (partitions, clogs, crashes, clock skews). */
    public static final List<String> NODE_COMPONENTS = List.of("a", "b", "from", "to", "node");

    private static final WorldNames UNCHECKED = new WorldNames(null, List.of());

    private final Map<String, List<String>> names;
    private final List<String> free;

    private WorldNames(Map<String, List<String>> names, List<String> free) {
        this.names = names;
        this.free = free;
    }

    /** A scenario that declares no names: nothing is checked. */
    public static WorldNames unchecked() {
        return UNCHECKED;
    }

    /**
     * These names plus valid values for {@code component} of every kind (replacing any it had);
     * unchecked names stay unchecked.
     */
    public WorldNames with(String component, Collection<?> values) {
        if (names == null) {
            return this;
        }
        Map<String, List<String>> copy = new LinkedHashMap<>(names);
        copy.put(
                component,
                List.copyOf(new TreeSet<>(values.stream().map(String::valueOf).toList())));
        return new WorldNames(copy, free);
    }

    /** A builder of the names of one world. */
    public static Builder builder() {
        return new Builder();
    }

    /** Whether the scenario declared names, so a plan's are checked against them. */
    public boolean checked() {
        return names != null;
    }

    /** The valid values of {@code component} of fault or operation {@code kind}, if it names something. */
    public Optional<List<String>> valid(String kind, String component) {
        if (names == null) {
            return Optional.empty();
        }
        List<String> own = names.get(kind + "." + component);
        return Optional.ofNullable(own != null ? own : names.get(component));
    }

    /** Whether the component is declared free text (a table name), not a name of the world. */
    public boolean isFree(String kind, String component) {
        return free.contains(kind + "." + component) || free.contains(component);
    }

    /** Builds the names of one world, component by component. */
    public static final class Builder {
        private final Map<String, List<String>> names = new LinkedHashMap<>();
        private final List<String> free = new ArrayList<>();

        /** The run's nodes, valid for every kernel node component ({@link #NODE_COMPONENTS}). */
        public Builder nodes(Collection<String> nodes) {
            for (String c : NODE_COMPONENTS) {
                field(c, nodes);
            }
            return this;
        }

        /** The valid values of a component of every kind (numbers are compared as decimal text). */
        public Builder field(String component, Collection<?> values) {
            names.put(
                    component,
                    List.copyOf(
                            new TreeSet<>(values.stream().map(String::valueOf).toList())));
            return this;
        }

        /** The valid values of one kind's component, overriding {@link #field(String, Collection)}. */
        public Builder field(Class<?> kind, String component, Collection<?> values) {
            return field(Fault.kindOf(kind) + "." + component, values);
        }

        /** A string component that is free text, not a name ("table", or "create-table.table"). */
        public Builder free(String component) {
            free.add(component);
            return this;
        }

        /** The names declared so far. */
        public WorldNames build() {
            return new WorldNames(new LinkedHashMap<>(names), List.copyOf(free));
        }
    }
}
