package shardsim.core.explore;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and rebuilds fault and operation records component by component, so the mutator changes
 * any scenario's kinds without knowing them (as plan files read and write them). A record whose
 * canonical constructor refuses the new value yields nothing, and the mutator tries something else.
 */
final class Records {
    private Records() {
    }

    /** One component of a record: its name and value. */
    record Field(String name, Object value) {
    }

    static List<Field> fields(Object record) {
        List<Field> out = new ArrayList<>();
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            out.add(new Field(c.getName(), read(c, record)));
        }
        return out;
    }

    /** {@code record} with component {@code name} set to {@code value}; null if the record refuses it. */
    static Object with(Object record, String name, Object value) {
        RecordComponent[] cs = record.getClass().getRecordComponents();
        Object[] args = new Object[cs.length];
        Class<?>[] types = new Class<?>[cs.length];
        boolean found = false;
        for (int i = 0; i < cs.length; i++) {
            types[i] = cs[i].getType();
            if (cs[i].getName().equals(name)) {
                args[i] = value;
                found = true;
            } else {
                args[i] = read(cs[i], record);
            }
        }
        if (!found) {
            return null;
        }
        try {
            Constructor<?> ctor = record.getClass().getDeclaredConstructor(types);
            // A scenario's records may be package-private, as for plan files.
            ctor.setAccessible(true);
            return ctor.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException) {
                return null;
            }
            throw new IllegalStateException("cannot rebuild " + record.getClass().getName(), e.getCause());
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            // IllegalArgumentException here: the value does not fit the component's type.
            return null;
        }
    }

    private static Object read(RecordComponent c, Object record) {
        try {
            Method accessor = c.getAccessor();
            accessor.setAccessible(true);
            return accessor.invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + c.getName() + " of " + record.getClass(), e);
        }
    }
}
