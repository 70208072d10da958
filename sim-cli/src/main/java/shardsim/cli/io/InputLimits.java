package shardsim.cli.io;

/**
 * The size limits of every file the command line reads (README's "Input limits" table). A file
 * over a limit is bad input, refused with a message naming the limit, before it can exhaust the
 * heap; {@code /dev/zero} is refused after reading one limit's worth.
 */
public final class InputLimits {
    /** A plan file (the documented plans are a few kB; shrink starts are well under 1 MiB). */
    public static final long PLAN_BYTES = 8L << 20;
    /** One line of a trace: an event, or the header, which embeds a plan file. */
    public static final int TRACE_LINE_BYTES = (int) PLAN_BYTES + (1 << 20);
    /** A whole trace file: replay holds every event in memory. */
    public static final long TRACE_BYTES = 1L << 30;
    /** One line of a sweep result file: one seed with its latency samples. */
    public static final int RESULT_LINE_BYTES = 16 << 20;

    private InputLimits() {}

    public static String mib(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
    }
}
