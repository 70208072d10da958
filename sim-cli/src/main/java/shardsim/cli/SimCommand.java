package shardsim.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The top-level {@code sim} command: only dispatches to its subcommands. Each command's exit-code table is set in {@link Main}. */
// INHERIT: every subcommand takes -h/--help and -V/--version from here, declared once.
@Command(
        name = "sim",
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Deterministic simulator of sharded-database control planes.")
public final class SimCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }
}
