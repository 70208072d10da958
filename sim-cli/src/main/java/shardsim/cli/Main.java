package shardsim.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Text;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.Scenarios;

/**
 * Entry point of the {@code sim} command and the one place where failures become exit codes:
 * bad usage and {@link UserError} exit 2 with one line on stderr, anything else unexpected is an
 * internal error (exit 4) and is the only case that prints a stack trace.
 */
public final class Main {
    /**
     * System property naming a {@code Supplier<List<Scenario>>} class to use instead of the
     * built-in registry; child JVMs (check-determinism --fresh-jvm) inherit it, which is how tests
     * run their own scenario in a second process.
     */
    public static final String REGISTRY_PROPERTY = "shardsim.registry";

    private Main() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = newCommandLine(System.out, System.err).execute(args);
        } catch (Error e) {
            code = ExitCodes.INTERNAL;
            System.err.println("sim: internal error: " + Text.oneLine(String.valueOf(e)));
        }
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    /** The command line over the built-in scenarios (or the registry the system property names). */
    public static CommandLine newCommandLine(PrintStream out, PrintStream err) {
        return newCommandLine(out, err, registry());
    }

    public static CommandLine newCommandLine(PrintStream out, PrintStream err, List<Scenario> scenarios) {
        return newCommandLine(new CliContext(out, err, scenarios, System.console() != null));
    }

    public static CommandLine newCommandLine(CliContext ctx) {
        CommandLine cmd = new CommandLine(new SimCommand());
        cmd.addSubcommand(new ListCommand(ctx));
        cmd.addSubcommand(new RunCommand(ctx));
        cmd.addSubcommand(new SweepCommand(ctx));
        cmd.addSubcommand(new SummarizeCommand(ctx));
        cmd.addSubcommand(new ReplayCommand(ctx));
        cmd.addSubcommand(new CheckDeterminismCommand(ctx));
        cmd.addSubcommand(new ReportCommand(ctx));
        cmd.addSubcommand(new ShrinkCommand(ctx));
        cmd.addSubcommand(new PowerCommand(ctx));
        cmd.setOut(new PrintWriter(ctx.out(), true));
        cmd.setErr(new PrintWriter(ctx.err(), true));
        cmd.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cmd.setParameterExceptionHandler((ex, args) -> {
            String name = ex.getCommandLine().getCommandSpec().qualifiedName();
            ctx.err().println(name + ": " + Text.oneLine(String.valueOf(ex.getMessage())) + " (see '" + name + " --help')");
            ctx.err().flush();
            return ExitCodes.BAD_INPUT;
        });
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            String name = commandLine.getCommandSpec().qualifiedName();
            if (ex instanceof UserError) {
                ctx.err().println(name + ": " + Text.oneLine(String.valueOf(ex.getMessage())));
                ctx.err().flush();
                return ExitCodes.BAD_INPUT;
            }
            ctx.err().println(name + ": internal error: " + Text.oneLine(String.valueOf(ex)));
            ex.printStackTrace(ctx.err());
            ctx.err().flush();
            return ExitCodes.INTERNAL;
        });
        // picocli lets an Error (OutOfMemoryError, StackOverflowError) escape execute(), and an
        // uncaught Error ends the JVM with exit 1, which reads as "an invariant was violated".
        cmd.setExecutionStrategy(parseResult -> {
            try {
                return new CommandLine.RunLast().execute(parseResult);
            } catch (Error e) {
                return internalError(ctx, parseResult, e);
            }
        });
        return cmd;
    }

    /** An Error is an internal error (exit 4) in one line: its stack says nothing a user can act on. */
    static int internalError(CliContext ctx, CommandLine.ParseResult parseResult, Error e) {
        CommandLine.ParseResult last = parseResult;
        while (last.subcommand() != null) {
            last = last.subcommand();
        }
        String name = last.commandSpec().qualifiedName();
        String hint = e instanceof OutOfMemoryError ? " (give the JVM more memory, for example SIM_JAVA_OPTS=-Xmx4g)" : "";
        try {
            ctx.err().println(name + ": internal error: " + Text.oneLine(String.valueOf(e)) + hint);
            ctx.err().flush();
        } catch (Error again) {
            // Nothing more can be said; the exit code still tells.
        }
        return ExitCodes.INTERNAL;
    }

    @SuppressWarnings("unchecked")
    static List<Scenario> registry() {
        String cls = System.getProperty(REGISTRY_PROPERTY);
        if (cls == null || cls.isEmpty()) {
            return Scenarios.all();
        }
        try {
            return ((Supplier<List<Scenario>>) Class.forName(cls).getDeclaredConstructor().newInstance()).get();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("cannot load scenario registry " + cls, e);
        }
    }
}
