package shardsim.cli;

import java.io.PrintStream;
import java.util.List;
import shardsim.cli.options.Registry;
import shardsim.core.scenario.Scenario;

/**
 * What every subcommand is built with: where results and diagnostics go, the scenarios it may
 * run, and whether stderr is a terminal (for the progress bar). Tests build one with captured
 * streams and a scenario of their own.
 */
public final class CliContext {
    private final PrintStream out;
    private final PrintStream err;
    private final Registry registry;
    private final boolean terminal;

    public CliContext(PrintStream out, PrintStream err, Registry registry, boolean terminal) {
        this.out = shardsim.cli.io.TerminalSafe.wrap(out);
        this.err = shardsim.cli.io.TerminalSafe.wrap(err);
        this.registry = registry;
        this.terminal = terminal;
    }

    /** Over exactly these scenarios. */
    public CliContext(PrintStream out, PrintStream err, List<Scenario> scenarios, boolean terminal) {
        this(out, err, Registry.of(scenarios), terminal);
    }

    /** Results. */
    public PrintStream out() {
        return out;
    }

    /** Diagnostics and progress. */
    public PrintStream err() {
        return err;
    }

    public Registry registry() {
        return registry;
    }

    public List<Scenario> scenarios() {
        return registry.all();
    }

    public boolean terminal() {
        return terminal;
    }

    public Scenario scenario(String name) {
        return registry.named(name);
    }
}
