package shardsim.cli.base;

/** The exit codes of every {@code sim} command; scripts and CI depend on them, so they never change. */
public final class ExitCodes {
    /** Every claim held (known gaps may have shown: they are findings, printed apart). */
    public static final int OK = 0;
    /** A claim was violated (or, with {@code --fail-on-gaps}, a known gap showed). */
    public static final int VIOLATION = 1;
    /** Bad usage or bad input (arguments, files). */
    public static final int BAD_INPUT = 2;
    /** Two runs of the same seed differed. */
    public static final int NONDETERMINISM = 3;
    /** A bug in the simulator itself. */
    public static final int INTERNAL = 4;

    private ExitCodes() {
    }

    /**
     * The exit code of a verdict, the one rule every command applies: a broken claim fails; a known
     * gap fails only for someone tracking gaps ({@code --fail-on-gaps}).
     */
    public static int verdict(boolean claimBroken, boolean gapSeen, boolean failOnGaps) {
        return claimBroken || (failOnGaps && gapSeen) ? VIOLATION : OK;
    }
}
