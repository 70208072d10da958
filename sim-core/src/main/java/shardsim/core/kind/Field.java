package shardsim.core.kind;

import java.lang.reflect.Method;

/**
 * One field of a kind: a record component, its name, type and unit.
 *
 * @param name the component's name, as a plan file writes it
 * @param type the component's type
 * @param unit its declared unit ({@link Quantity}), else its type's default
 * @param declared whether the record declares the unit rather than taking the default
 * @param accessor the component's accessor, made accessible (a scenario's records may be package-private)
 */
public record Field(String name, Class<?> type, Unit unit, boolean declared, Method accessor) {
    /** This field's value in {@code record} (a record of the field's kind). */
    public Object read(Object record) {
        try {
            return accessor.invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + name + " of " + record.getClass(), e);
        }
    }

    /** Checks {@code value} against the field's unit ({@link Unit#check}). */
    public void check(String where, Object value) {
        unit.check(where, name, value);
    }
}
