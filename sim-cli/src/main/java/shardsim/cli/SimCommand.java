package shardsim.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The top-level {@code sim} command: only dispatches to its subcommands. */
// INHERIT: every subcommand takes -h/--help and -V/--version from here, declared once.
@Command(name = "sim", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Deterministic simulator of sharded-database control planes.",
        footer = {"", "Exit codes:", "  0  every claim held (a known gap is a finding, printed apart)", "  1  a claim was violated (a known gap too, with --fail-on-gaps)", "  2  bad usage or bad input (one line on stderr)",
            "  3  nondeterminism: two runs of one seed differed", "  4  internal error"})
public final class SimCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }
}
