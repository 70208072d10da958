package shardsim.core.trace;

/**
 * Receives the fields of one trace event in a fixed order. The digest, the trace file and the
 * comparison of two traces are all sinks, so none of them reads an event's text.
 */
public interface FieldSink {
    void number(String name, long value);

    void flag(String name, boolean value);

    /** A string field; null is a value of its own. */
    void text(String name, String value);

    /**
     * A structured field: a record (walked by its components), an enum (by its name), a list, a
     * string, a boxed number or boolean, or null.
     */
    void value(String name, Object value);
}
