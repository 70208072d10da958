package shardsim.core.kind;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares the unit of a fault's or operation's record component, where its type's default
 * ({@link Unit#byDefault}) is not it: {@code record Clog(String a, String b, @Quantity(Unit.MICROS) long durationMicros)}.
 * The name of a component says nothing to the kernel; its unit says everything.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Quantity {
    /** The component's unit. */
    Unit value();
}
