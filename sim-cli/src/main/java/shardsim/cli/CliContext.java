package shardsim.cli;

import java.io.PrintStream;
import java.util.List;
import shardsim.cli.base.UserError;
import shardsim.core.scenario.Scenario;

/**
 * What every subcommand is built with: where results and diagnostics go, the scenarios it may
 * run, and whether stderr is a terminal (for the progress bar). Tests build one with captured
 * streams and a scenario of their own.
 */
public final class CliContext {
    private final PrintStream out;
    private final PrintStream err;
    private final List<Scenario> scenarios;
    private final boolean terminal;

    public CliContext(PrintStream out, PrintStream err, List<Scenario> scenarios, boolean terminal) {
        this.out = shardsim.cli.io.TerminalSafe.wrap(out);
        this.err = shardsim.cli.io.TerminalSafe.wrap(err);
        this.scenarios = List.copyOf(scenarios);
        this.terminal = terminal;
    }

    /** Results. */
    public PrintStream out() {
        return out;
    }

    /** Diagnostics and progress. */
    public PrintStream err() {
        return err;
    }

    public List<Scenario> scenarios() {
        return scenarios;
    }

    public boolean terminal() {
        return terminal;
    }

    public Scenario scenario(String name) {
        for (Scenario s : scenarios) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        List<String> names = scenarios.stream().map(Scenario::name).toList();
        throw new UserError("unknown scenario '" + name + "' (known: " + (names.isEmpty() ? "none" : String.join(", ", names)) + ")");
    }

    /** The mode asked for, or the scenario's default (its first) when none was given. */
    public static String mode(Scenario scenario, String mode) {
        if (mode == null) {
            return scenario.modes().get(0);
        }
        if (!scenario.modes().contains(mode)) {
            throw new UserError("unknown mode '" + mode + "' for " + scenario.name() + " (expected one of " + String.join(", ", scenario.modes()) + ")");
        }
        return mode;
    }

    /** The plan asked for, or {@code fallback} if the scenario has it, else its first plan. */
    public static String plan(Scenario scenario, String plan, String fallback) {
        if (plan == null) {
            return scenario.plans().contains(fallback) ? fallback : scenario.plans().get(0);
        }
        if (!scenario.plans().contains(plan)) {
            throw new UserError("unknown plan '" + plan + "' for " + scenario.name() + " (expected one of " + String.join(", ", scenario.plans())
                    + ", or a plan file ending in .json)");
        }
        return plan;
    }
}
