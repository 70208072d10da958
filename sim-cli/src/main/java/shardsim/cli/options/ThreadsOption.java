package shardsim.cli.options;

import picocli.CommandLine.Option;
import shardsim.cli.base.UserError;

/** {@code --threads}: simulations run at once, the same bounds for every command. */
public final class ThreadsOption {
    /** The most: far above any core count in use, low enough that a typo cannot start a million threads. */
    public static final int MAX = 1024;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Simulations run at once, 1 to " + MAX + " (default: the number of cores).")
    Integer threads;

    /** The count given, else the number of cores (at most {@link #MAX}). */
    public int count() {
        int n = threads == null ? Math.min(MAX, Runtime.getRuntime().availableProcessors()) : threads;
        if (n < 1 || n > MAX) {
            throw new UserError("--threads must be between 1 and " + MAX + ", got " + n);
        }
        return n;
    }
}
