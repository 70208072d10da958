package shardsim.core.trace;

/** Formats virtual time, which is always a count of microseconds. */
public final class Micros {
    public static final long SECOND = 1_000_000L;

    private Micros() {}

    /** "12.345678s": seconds with six decimals, so the value reads back exactly. */
    public static String format(long micros) {
        String sign = micros < 0 ? "-" : "";
        long m = Math.abs(micros);
        String frac = Long.toString(m % SECOND);
        return sign + (m / SECOND) + "." + "000000".substring(frac.length()) + frac + "s";
    }
}
