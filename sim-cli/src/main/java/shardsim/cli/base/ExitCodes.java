package shardsim.cli.base;

/** The exit codes of every {@code sim} command; scripts and CI depend on them, so they never change. */
public final class ExitCodes {
    /** Every check held. */
    public static final int OK = 0;
    /** An invariant was violated. */
    public static final int VIOLATION = 1;
    /** Bad usage or bad input (arguments, files), or a file the machine would not read or write (a full disk, a folder not writable). */
    public static final int BAD_INPUT = 2;
    /** Two runs of the same seed differed. */
    public static final int NONDETERMINISM = 3;
    /** A bug in the simulator itself. */
    public static final int INTERNAL = 4;
    /** Stopped by a signal (SIGINT, SIGTERM) before the work was done: no verdict (128 + SIGINT, as shells report it). */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
