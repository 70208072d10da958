package shardsim.core.trace;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An event's fields as plain values: Long (every integral type), Double, Boolean, String (enums
 * by name), null, List, and a Map for a record (its components in order, after an {@code "@type"}
 * entry naming the record). This is what a trace file holds, and how a replayed event is compared
 * with a recorded one.
 */
public final class FieldTree implements FieldSink {
    /** The key of a record's type name in its map. */
    public static final String TYPE = "@type";

    private final LinkedHashMap<String, Object> out = new LinkedHashMap<>();

    private FieldTree() {}

    /** The fields of {@code data}, by name, in order. */
    public static Map<String, Object> of(TraceData data) {
        if (data instanceof TraceData.Recorded r) {
            return r.tree();
        }
        FieldTree t = new FieldTree();
        data.fields(t);
        return t.out;
    }

    @Override
    public void number(String name, long value) {
        out.put(name, value);
    }

    @Override
    public void flag(String name, boolean value) {
        out.put(name, value);
    }

    @Override
    public void text(String name, String value) {
        out.put(name, value);
    }

    @Override
    public void value(String name, Object value) {
        out.put(name, plain(value));
    }

    /** A value as plain values (see the class comment). */
    public static Object plain(Object v) {
        if (v == null || v instanceof String || v instanceof Boolean || v instanceof Long || v instanceof Double) {
            return v;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Character c) {
            return (long) c;
        }
        if (v instanceof Float f) {
            return f.doubleValue();
        }
        if (v instanceof Enum<?> e) {
            return e.name();
        }
        if (v instanceof Optional<?> o) {
            return o.map(FieldTree::plain).orElse(null);
        }
        if (v instanceof Record r) {
            RecordShape shape = RecordShape.of(r.getClass());
            LinkedHashMap<String, Object> m = new LinkedHashMap<>();
            m.put(TYPE, shape.typeName);
            for (RecordShape.Component c : shape.components) {
                switch (c.slot()) {
                    case INTEGRAL -> m.put(c.name(), c.integral(r));
                    case BOOLEAN -> m.put(c.name(), c.bool(r));
                    case FLOATING -> m.put(c.name(), c.floating(r));
                    default -> m.put(c.name(), plain(c.reference(r)));
                }
            }
            return m;
        }
        if (v instanceof Map<?, ?> map) {
            LinkedHashMap<String, Object> m = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                m.put(String.valueOf(e.getKey()), plain(e.getValue()));
            }
            return m;
        }
        if (v instanceof List<?> || v instanceof java.util.SortedSet<?>) {
            List<Object> l = new ArrayList<>();
            for (Object o : (Collection<?>) v) {
                l.add(plain(o));
            }
            return l;
        }
        throw new IllegalArgumentException("a trace field must be a record, enum, list, string, number or boolean, not "
                + v.getClass().getName());
    }
}
