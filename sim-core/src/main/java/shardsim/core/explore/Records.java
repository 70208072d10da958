package shardsim.core.explore;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import shardsim.core.kind.Kind;
import shardsim.core.kind.Unit;

/**
 * Reads and rebuilds fault and operation records field by field, through their kind's descriptor
 * ({@link Kind}), so the mutator changes any scenario's kinds without knowing them (as plan files
 * read and write them). A record whose canonical constructor refuses the new value yields
 * nothing, and the mutator tries something else.
 */
final class Records {
    private Records() {}

    /** One field of a record: its name, unit and value. */
    record Field(String name, Unit unit, Object value) {}

    static List<Field> fields(Object record) {
        List<Field> out = new ArrayList<>();
        for (shardsim.core.kind.Field f : Kind.of(record.getClass()).fields()) {
            out.add(new Field(f.name(), f.unit(), f.read(record)));
        }
        return out;
    }

    /** {@code record} with field {@code name} set to {@code value}; null if the record refuses it. */
    static Object with(Object record, String name, Object value) {
        Kind kind = Kind.of(record.getClass());
        Object[] args = kind.valuesWith(record, name, value);
        if (args == null) {
            return null;
        }
        try {
            return kind.build(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException) {
                return null;
            }
            throw new IllegalStateException(
                    "cannot rebuild " + record.getClass().getName(), e.getCause());
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            // IllegalArgumentException here: the value does not fit the component's type.
            return null;
        }
    }
}
