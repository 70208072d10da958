package shardsim.cli.options;

import picocli.CommandLine.Option;

/** {@code --stop-on-first}: stop a search at its first failing run. */
public final class StopOnFirstOption {
    @Option(
            names = "--stop-on-first",
            description = "Stop at the first failing run (runs already started still finish).")
    boolean stop;

    public boolean on() {
        return stop;
    }
}
