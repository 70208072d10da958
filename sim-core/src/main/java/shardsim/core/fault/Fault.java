package shardsim.core.fault;

/**
 * A fault, as data. The kernel applies the kinds in {@link NetFault} and {@link NodeFault}; a
 * scenario defines its own kinds as records implementing this interface and registers a handler
 * for them. A kind nobody handles stops the run with an error rather than being ignored.
 */
public interface Fault {
    /**
     * A short stable name of the kind, as written in plan files: the record's simple name in kebab
     * case ({@code PartitionOneWay} is {@code partition-one-way}). A fault record must not have a
     * component named {@code kind}: its accessor would silently replace this method.
     */
    default String kind() {
        return kindOf(getClass());
    }

    /** The kind name of a fault class: its simple name in kebab case. */
    static String kindOf(Class<?> type) {
        return shardsim.core.kind.Kind.nameOf(type);
    }

    /**
     * How this fault changes the count of faults in force: +1 when it starts a fault that lasts
     * (a {@link LastingFault}, a crash), -1 when it ends one (an {@link End}, a restart), 0 for a
     * momentary one. Liveness checks count their quiet time from when this count returns to zero.
     * Kinds do not write it: {@link LastingFault} and {@link End} derive it.
     */
    default int activityDelta() {
        return 0;
    }

    /**
     * Whether this fault ends the lasting fault {@code start} (an {@link End} its start, a restart
     * its crash). A shrinker keeps such a pair together: dropping only the end would leave a fault
     * in force to the end of the run, a different failure from the one being shrunk.
     */
    default boolean ends(Fault start) {
        return false;
    }
}
