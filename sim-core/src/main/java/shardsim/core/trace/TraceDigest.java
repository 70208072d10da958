package shardsim.core.trace;

import java.util.List;

/**
 * The run digest: a 64-bit hash of every event's fields under a fixed encoding, so it is the same
 * on every JVM and machine and never depends on {@code toString}, {@code hashCode} or an enum's
 * position.
 *
 * <h2>Encoding</h2>
 * An event is a sequence of 64-bit words (each one eight bytes, little-endian, if written out):
 * <ol>
 * <li>its virtual time in microseconds, its event number, its kind's {@link TraceKind#code()};
 * <li>its actor, as a string;
 * <li>its data's {@link TraceData#code()}, then its fields in the order its {@code fields} method
 * gives them, each as below (field names are not encoded: the code fixes them).
 * </ol>
 * Fields:
 * <ul>
 * <li>number: the value; flag: 1 or 0;
 * <li>string: its length in UTF-16 units, then the units four to a word, the first in the low 16
 * bits, the last word padded with zeros; a null string is the single word -1;
 * <li>value (a record, enum, list, boxed number): a tag word and its body: 0 null; 1 integral,
 * its value; 2 boolean, 1 or 0; 3 string, as above; 4 enum, its name as a string; 5 record, its
 * simple class name as a string, its component count, then each component in declaration order
 * (a primitive component as its bare word: integral value, 1/0, or the IEEE bits of a double;
 * any other component as a tagged value); 6 list, its size, then each element as a tagged value;
 * 7 floating point, the IEEE 754 bits of the double ({@link Double#doubleToLongBits}).
 * </ul>
 * Every variable-length part carries its length, so two different events never encode to the
 * same words. Each word {@code w} is folded in as {@code h = rotl(h + w * K1, 31) * K2}; after the
 * last word of an event {@code h} passes through a finaliser (MurmurHash3's fmix64). The digest
 * starts at {@code 0x6A09E667F3BCC908}.
 */
final class TraceDigest implements FieldSink {
    static final long INITIAL = 0x6A09E667F3BCC908L;
    private static final long K1 = 0x9E3779B97F4A7C15L;
    private static final long K2 = 0xBF58476D1CE4E5B9L;
    static final int TAG_NULL = 0;
    static final int TAG_INTEGRAL = 1;
    static final int TAG_BOOLEAN = 2;
    static final int TAG_STRING = 3;
    static final int TAG_ENUM = 4;
    static final int TAG_RECORD = 5;
    static final int TAG_LIST = 6;
    static final int TAG_FLOATING = 7;

    /**
     * Short strings whose words were made last, by slot: the same few names (actors, senders,
     * receivers, message types) recur in nearly every event, and folding their prepared words is
     * cheaper than reading them a character at a time. A slot is picked from the string's hash
     * (which a string computes once and keeps, so picking costs a field read) and matched by
     * identity, so a hit is exact and a miss only refills the slot; the words folded are the same
     * either way. The hash, not the length and last character: those put names such as "Ping"
     * and "Pong" in one slot, so that alternating them missed on every use.
     */
    private static final int SLOTS = 64;

    private static final int SLOT_WORDS = 8;
    private static final int MAX_CACHED = 4 * (SLOT_WORDS - 1);
    private final String[] cachedStrings = new String[SLOTS];
    /** The words of the cached strings, each times K1. */
    private final long[] cachedWords = new long[SLOTS * SLOT_WORDS];

    private long h = INITIAL;

    long value() {
        return h;
    }

    /** Folds in one event. */
    void event(long timeMicros, long eventNumber, TraceKind kind, String actor, TraceData data) {
        begin(timeMicros, eventNumber, kind, actor, data.code());
        data.fields(this);
        end();
    }

    void begin(long timeMicros, long eventNumber, TraceKind kind, String actor, int code) {
        word(timeMicros);
        word(eventNumber);
        word(kind.code());
        string(actor);
        word(code);
    }

    void end() {
        h = fmix(h);
    }

    @Override
    public void number(String name, long value) {
        word(value);
    }

    @Override
    public void flag(String name, boolean value) {
        word(value ? 1 : 0);
    }

    @Override
    public void text(String name, String value) {
        string(value);
    }

    @Override
    public void value(String name, Object value) {
        tagged(value);
    }

    private void word(long w) {
        h = Long.rotateLeft(h + w * K1, 31) * K2;
    }

    private void string(String s) {
        if (s == null) {
            word(-1);
            return;
        }
        int n = s.length();
        if (n > MAX_CACHED) {
            uncached(s, n);
            return;
        }
        int slot = slotOf(s);
        int base = slot * SLOT_WORDS;
        long[] w = cachedWords;
        int end = base + 1 + ((n + 3) >>> 2);
        if (cachedStrings[slot] != s) {
            prepare(s, n, w, base);
            for (int i = base; i < end; i++) {
                w[i] *= K1;
            }
            cachedStrings[slot] = s;
        }
        // The slot holds each word already multiplied by K1: the fold is the same, one multiply shorter.
        long hh = h;
        for (int i = base; i < end; i++) {
            hh = Long.rotateLeft(hh + w[i], 31) * K2;
        }
        h = hh;
    }

    /** The cache slot of a short string. */
    static int slotOf(String s) {
        int x = s.hashCode();
        return (x ^ (x >>> 16)) & (SLOTS - 1);
    }

    /** Writes the words of {@code s} (its length, then its units four to a word) into {@code w} from {@code base}. */
    static void prepare(String s, int n, long[] w, int base) {
        w[base] = n;
        int k = base + 1;
        int i = 0;
        for (; i + 3 < n; i += 4) {
            w[k++] = s.charAt(i)
                    | (long) s.charAt(i + 1) << 16
                    | (long) s.charAt(i + 2) << 32
                    | (long) s.charAt(i + 3) << 48;
        }
        if (i < n) {
            long last = 0;
            for (int shift = 0; i < n; i++, shift += 16) {
                last |= (long) s.charAt(i) << shift;
            }
            w[k] = last;
        }
    }

    private void uncached(String s, int n) {
        word(n);
        int i = 0;
        for (; i + 3 < n; i += 4) {
            word(s.charAt(i)
                    | (long) s.charAt(i + 1) << 16
                    | (long) s.charAt(i + 2) << 32
                    | (long) s.charAt(i + 3) << 48);
        }
        if (i < n) {
            long w = 0;
            for (int shift = 0; i < n; i++, shift += 16) {
                w |= (long) s.charAt(i) << shift;
            }
            word(w);
        }
    }

    private void tagged(Object v) {
        if (v == null) {
            word(TAG_NULL);
        } else if (v instanceof String s) {
            word(TAG_STRING);
            string(s);
        } else if (v instanceof Record r) {
            record(r);
        } else if (v instanceof Enum<?> e) {
            word(TAG_ENUM);
            string(e.name());
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            word(TAG_INTEGRAL);
            word(((Number) v).longValue());
        } else if (v instanceof Character c) {
            word(TAG_INTEGRAL);
            word(c);
        } else if (v instanceof Boolean b) {
            word(TAG_BOOLEAN);
            word(b ? 1 : 0);
        } else if (v instanceof Double || v instanceof Float) {
            word(TAG_FLOATING);
            word(Double.doubleToLongBits(((Number) v).doubleValue()));
        } else if (v instanceof List<?> l) {
            word(TAG_LIST);
            int n = l.size();
            word(n);
            for (int i = 0; i < n; i++) {
                tagged(l.get(i));
            }
        } else if (v instanceof java.util.Optional<?> o) {
            tagged(o.orElse(null));
        } else {
            throw new IllegalArgumentException(
                    "a trace field must be a record, enum, list, string, number or boolean, not "
                            + v.getClass().getName());
        }
    }

    private void record(Record r) {
        RecordShape shape = RecordShape.of(r.getClass());
        RecordShape.Component[] cs = shape.components;
        word(TAG_RECORD);
        string(shape.typeName);
        word(cs.length);
        for (RecordShape.Component c : cs) {
            switch (c.slot()) {
                case INTEGRAL -> word(c.integral(r));
                case BOOLEAN -> word(c.bool(r) ? 1 : 0);
                case FLOATING -> word(Double.doubleToLongBits(c.floating(r)));
                default -> tagged(c.reference(r));
            }
        }
    }

    /** MurmurHash3's 64-bit finaliser: every input bit affects every output bit. */
    static long fmix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }
}
