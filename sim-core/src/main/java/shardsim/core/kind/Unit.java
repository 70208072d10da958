package shardsim.core.kind;

/**
 * The unit of a field of a fault or operation: what values it may take in a plan (checked by
 * {@link #check}), how its JSON form reads, and how a mutator changes it (a measured quantity is
 * scaled, a name is replaced by another name of the world). A field declares its unit with
 * {@link Quantity}; one that does not has its type's default ({@link #byDefault}).
 */
public enum Unit {
    /** A node's, a role's or any other name (a string), checked against the run's world. */
    NAME(false),
    /** An id or a count: a whole number from 0 to {@link #MAX_ID}. */
    COUNT(false),
    /** A time or a duration in virtual microseconds, from 0 to {@link #MAX_MICROS}. */
    MICROS(true),
    /** A signed clock offset in microseconds, within ±{@link #MAX_MICROS}. */
    SKEW_MICROS(true),
    /** A size in bytes, from 0 to {@link #MAX_BYTES}. */
    BYTES(true),
    /** A probability, from 0 to 1. */
    PROBABILITY(false),
    /** Any other finite number. */
    NUMBER(false),
    /** A yes or no. */
    FLAG(false),
    /** One constant of an enum, written by name. */
    CHOICE(false),
    /** A directed link's policy, written as a plan's {@code link} is. */
    LINK(false);

    /** 10^12 µs, about 11.6 days of virtual time: far past any run, far from overflow. */
    public static final long MAX_MICROS = 1_000_000_000_000L;
    /** 1 TiB per write: sums of a million such writes still fit a long. */
    public static final long MAX_BYTES = 1L << 40;
    /** The largest integer every JSON reader keeps exactly (2^53 - 1). */
    public static final long MAX_ID = (1L << 53) - 1;

    private final boolean measured;

    Unit(boolean measured) {
        this.measured = measured;
    }

    /** A duration, a size or a skew: a quantity a mutator scales, not an identifier it replaces. */
    public boolean measured() {
        return measured;
    }

    /** The smallest whole value (for whole-number units). */
    public long min() {
        return this == SKEW_MICROS ? -MAX_MICROS : 0;
    }

    /** The largest whole value (for whole-number units). */
    public long max() {
        switch (this) {
            case MICROS:
            case SKEW_MICROS:
                return MAX_MICROS;
            case BYTES:
                return MAX_BYTES;
            default:
                return MAX_ID;
        }
    }

    /**
     * Checks one value of a field of this unit.
     *
     * @param where the entry, for the message ("fault clog at atMicros 5")
     * @param field the field's name
     * @throws IllegalArgumentException naming the entry, the field, the range and the value
     */
    public void check(String where, String field, Object v) {
        if (v instanceof Double d) {
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException(where + ": " + field + " must be a finite number, got " + d);
            }
            if (this == PROBABILITY && !(d >= 0 && d <= 1)) {
                throw new IllegalArgumentException(where + ": " + field + " must be between 0 and 1, got " + d);
            }
            return;
        }
        if (!(v instanceof Long || v instanceof Integer)) {
            return;
        }
        long n = ((Number) v).longValue();
        if (n < min() || n > max()) {
            throw new IllegalArgumentException(
                    where + ": " + field + " must be between " + min() + " and " + max() + ", got " + n);
        }
    }

    /** The unit of a field of this type that declares none. */
    public static Unit byDefault(Class<?> type) {
        if (type == long.class || type == int.class || type == Long.class || type == Integer.class) {
            return COUNT;
        }
        if (type == double.class || type == Double.class) {
            return NUMBER;
        }
        if (type == boolean.class || type == Boolean.class) {
            return FLAG;
        }
        if (type.isEnum()) {
            return CHOICE;
        }
        if (type == String.class) {
            return NAME;
        }
        return LINK;
    }
}
