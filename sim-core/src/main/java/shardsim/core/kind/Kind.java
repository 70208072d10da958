package shardsim.core.kind;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * The descriptor of a fault or operation kind, derived once from its record: its name (the simple
 * name in kebab case, {@code PartitionOneWay} is {@code partition-one-way}), its fields in
 * declaration order with their units, how to read a record's values and how to build one from
 * values. The plan codec writes and reads a kind's fields from here, the validator checks each by
 * its unit, and the mutator reads, scales and rebuilds them, so a kind is described in one place:
 * its record.
 */
public final class Kind {
    private static final ClassValue<Kind> CACHE = new ClassValue<>() {
        @Override
        protected Kind computeValue(Class<?> type) {
            return new Kind(type);
        }
    };

    private final Class<?> type;
    private final String name;
    private final List<Field> fields;
    private final Constructor<?> constructor;

    private Kind(Class<?> type) {
        this.type = type;
        this.name = nameOf(type);
        List<Field> out = new ArrayList<>();
        Constructor<?> ctor = null;
        if (type.isRecord()) {
            RecordComponent[] cs = type.getRecordComponents();
            Class<?>[] types = new Class<?>[cs.length];
            for (int i = 0; i < cs.length; i++) {
                RecordComponent c = cs[i];
                Quantity q = c.getAnnotation(Quantity.class);
                Method accessor = c.getAccessor();
                // A scenario's records may be package-private; their accessors are still the plan's fields.
                accessor.setAccessible(true);
                out.add(new Field(
                        c.getName(),
                        c.getType(),
                        q != null ? q.value() : Unit.byDefault(c.getType()),
                        q != null,
                        accessor));
                types[i] = c.getType();
            }
            try {
                ctor = type.getDeclaredConstructor(types);
                ctor.setAccessible(true);
            } catch (ReflectiveOperationException | RuntimeException e) {
                ctor = null;
            }
        }
        this.fields = List.copyOf(out);
        this.constructor = ctor;
    }

    /** The descriptor of the kind {@code type} (a record; a class that is not one has no fields). */
    public static Kind of(Class<?> type) {
        return CACHE.get(type);
    }

    /** The kind name of a class: its simple name in kebab case. */
    public static String nameOf(Class<?> type) {
        String simple = type.getSimpleName();
        StringBuilder b = new StringBuilder(simple.length() + 4);
        for (int i = 0; i < simple.length(); i++) {
            char c = simple.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                b.append('-');
            }
            b.append(Character.toLowerCase(c));
        }
        return b.toString();
    }

    /** The kind's record class. */
    public Class<?> type() {
        return type;
    }

    /** The kind's name as plan files write it. */
    public String name() {
        return name;
    }

    /** The fields, in the record's declaration order. */
    public List<Field> fields() {
        return fields;
    }

    /** The field named {@code name}, or null. */
    public Field field(String name) {
        for (Field f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** The values of {@code record}'s fields, in order. */
    public List<Object> values(Object record) {
        List<Object> out = new ArrayList<>(fields.size());
        for (Field f : fields) {
            out.add(f.read(record));
        }
        return out;
    }

    /**
     * A record of this kind from its fields' values, in order, through its canonical constructor.
     *
     * @throws ReflectiveOperationException as {@link Constructor#newInstance} does: an
     *     {@link java.lang.reflect.InvocationTargetException} when the record refuses the values
     */
    public Object build(Object[] values) throws ReflectiveOperationException {
        if (constructor == null) {
            throw new NoSuchMethodException(type.getName() + " has no canonical constructor");
        }
        return constructor.newInstance(values);
    }

    /** The values of {@code record} with field {@code name} set to {@code value}; null if no field has that name. */
    public Object[] valuesWith(Object record, String name, Object value) {
        Object[] args = new Object[fields.size()];
        boolean found = false;
        for (int i = 0; i < args.length; i++) {
            Field f = fields.get(i);
            if (f.name().equals(name)) {
                args[i] = value;
                found = true;
            } else {
                args[i] = f.read(record);
            }
        }
        return found ? args : null;
    }

    /**
     * Why this kind has no plan-file form, or null if it has one: it is not a record, has a
     * component named {@code kind} or {@code atMicros} (a plan file's own), or of a type a plan
     * file cannot hold ({@code codable}).
     */
    public String problem(java.util.function.Predicate<Class<?>> codable) {
        if (!type.isRecord()) {
            return type.getName() + " is not a record, so a plan file cannot name it";
        }
        for (Field f : fields) {
            if (f.name().equals("kind") || f.name().equals("atMicros")) {
                return type.getName() + " has a component named " + f.name() + ", which a plan file uses for itself";
            }
            if (!codable.test(f.type())) {
                return type.getName() + "." + f.name() + " is a " + f.type().getSimpleName()
                        + ", which a plan file cannot hold";
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return name;
    }
}
