package shardsim.cli.base;

/** The exit codes of every {@code sim} command; scripts and CI depend on them, so they never change. */
public final class ExitCodes {
    /** Every claim held (known gaps may have shown: they are findings, printed apart). */
    public static final int OK = 0;
    /** A claim was violated (or, with {@code --fail-on-gaps}, a known gap showed). */
    public static final int VIOLATION = 1;
    /** Bad usage or bad input (arguments, files), or a file the machine would not read or write (a full disk, a folder not writable). */
    public static final int BAD_INPUT = 2;
    /** Two runs of the same seed differed. */
    public static final int NONDETERMINISM = 3;
    /** A bug in the simulator itself. */
    public static final int INTERNAL = 4;
    /** Stopped by a signal (SIGINT, SIGTERM) before the work was done: no verdict (128 + SIGINT, as shells report it). */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {}

    /**
     * The exit code of a verdict, the one rule every command applies: a broken claim fails; a known
     * gap fails only for someone tracking gaps ({@code --fail-on-gaps}).
     */
    public static int verdict(boolean claimBroken, boolean gapSeen, boolean failOnGaps) {
        return claimBroken || (failOnGaps && gapSeen) ? VIOLATION : OK;
    }

    /** What each code means, in the words of the help's "Exit codes" table. */
    private static final java.util.Map<Integer, String> MEANING = java.util.Map.of(
            OK, "every claim held (a known gap is a finding, printed apart)",
            VIOLATION, "a claim was violated (a known gap too, with --fail-on-gaps)",
            BAD_INPUT, "bad usage or input, or a file it cannot read or write (one line on stderr)",
            NONDETERMINISM, "nondeterminism: two runs of one seed differed",
            INTERNAL, "internal error",
            INTERRUPTED, "interrupted by a signal (SIGINT, Ctrl-C): no verdict for the work not done");

    /** The codes each subcommand can exit with, beside 2 and 4 which every one can. */
    private static final java.util.Map<String, java.util.List<Integer>> OWN = java.util.Map.ofEntries(
            java.util.Map.entry("list", java.util.List.of(OK)),
            java.util.Map.entry("run", java.util.List.of(OK, VIOLATION)),
            java.util.Map.entry("sweep", java.util.List.of(OK, VIOLATION, INTERRUPTED)),
            java.util.Map.entry("summarize", java.util.List.of(OK, VIOLATION)),
            java.util.Map.entry("replay", java.util.List.of(OK, NONDETERMINISM)),
            java.util.Map.entry("check-determinism", java.util.List.of(OK, VIOLATION, NONDETERMINISM)),
            java.util.Map.entry("report", java.util.List.of(OK, VIOLATION, INTERRUPTED)),
            java.util.Map.entry("shrink", java.util.List.of(OK, INTERRUPTED)),
            java.util.Map.entry("power", java.util.List.of(OK, INTERRUPTED)),
            java.util.Map.entry("coverage", java.util.List.of(OK, INTERRUPTED)),
            java.util.Map.entry("explain", java.util.List.of(OK, NONDETERMINISM, INTERRUPTED)),
            java.util.Map.entry("explore", java.util.List.of(OK, VIOLATION, INTERRUPTED)),
            java.util.Map.entry("upgrades", java.util.List.of(OK, VIOLATION, INTERRUPTED)));

    /** Words for a code that differ by command ("1" of report --check is "files out of date"). */
    private static final java.util.Map<String, String> SPECIAL = java.util.Map.of(
            "report " + VIOLATION, "--check: the files differ from what sim report writes",
            "check-determinism " + VIOLATION, "the runs differ from a result file's digests",
            "upgrades " + VIOLATION, "an order is unsafe",
            "explore " + VIOLATION, "a failure was found");

    /**
     * The "Exit codes" table of a command's help: only the codes it can exit with (all of them for
     * the top-level {@code sim}), so the help never promises a code the command does not use.
     */
    public static String[] footer(String command) {
        java.util.TreeSet<Integer> codes =
                new java.util.TreeSet<>(OWN.getOrDefault(command, java.util.List.copyOf(MEANING.keySet())));
        codes.add(BAD_INPUT);
        codes.add(INTERNAL);
        java.util.List<String> lines = new java.util.ArrayList<>(java.util.List.of("", "Exit codes:"));
        for (int c : codes) {
            lines.add(String.format("  %-3d %s", c, SPECIAL.getOrDefault(command + " " + c, MEANING.get(c))));
        }
        return lines.toArray(String[]::new);
    }
}
