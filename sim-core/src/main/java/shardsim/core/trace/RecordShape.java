package shardsim.core.trace;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;

/**
 * The components of a record class, read once per class, with accessors typed so that reading a
 * primitive component boxes nothing. Messages and faults are records; this is how the digest and
 * the trace file see their fields without their text.
 */
final class RecordShape {
    /** How a component is read. */
    enum Slot {
        INTEGRAL,
        BOOLEAN,
        FLOATING,
        REFERENCE
    }

    /**
     * @param name the component's name
     * @param slot how it is read
     * @param getter the accessor, typed (Object)long, (Object)boolean, (Object)double or (Object)Object by slot
     */
    record Component(String name, Slot slot, MethodHandle getter) {
        long integral(Object record) {
            try {
                return (long) getter.invokeExact(record);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        boolean bool(Object record) {
            try {
                return (boolean) getter.invokeExact(record);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        double floating(Object record) {
            try {
                return (double) getter.invokeExact(record);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        Object reference(Object record) {
            try {
                return (Object) getter.invokeExact(record);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
    }

    private static final ClassValue<RecordShape> SHAPES = new ClassValue<>() {
        @Override
        protected RecordShape computeValue(Class<?> type) {
            return new RecordShape(type);
        }
    };

    final String typeName;
    final Component[] components;

    private RecordShape(Class<?> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        // The simple name, not the binary one: moving a protocol to another package must not
        // change the digest of every run that sends it.
        this.typeName = type.getSimpleName();
        RecordComponent[] rc = type.getRecordComponents();
        this.components = new Component[rc.length];
        for (int i = 0; i < rc.length; i++) {
            components[i] = component(rc[i]);
        }
    }

    static RecordShape of(Class<?> type) {
        return SHAPES.get(type);
    }

    private static Component component(RecordComponent rc) {
        Class<?> t = rc.getType();
        Slot slot;
        Class<?> as;
        if (t == long.class || t == int.class || t == short.class || t == byte.class || t == char.class) {
            slot = Slot.INTEGRAL;
            as = long.class;
        } else if (t == boolean.class) {
            slot = Slot.BOOLEAN;
            as = boolean.class;
        } else if (t == double.class || t == float.class) {
            slot = Slot.FLOATING;
            as = double.class;
        } else {
            slot = Slot.REFERENCE;
            as = Object.class;
        }
        try {
            Method m = rc.getAccessor();
            m.setAccessible(true);
            MethodHandle h = MethodHandles.lookup().unreflect(m).asType(MethodType.methodType(as, Object.class));
            return new Component(rc.getName(), slot, h);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(
                    "cannot read component " + rc.getName() + " of "
                            + rc.getDeclaringRecord().getName(),
                    e);
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
