package shardsim.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.UserError;
import shardsim.cli.io.IoFailure;
import shardsim.cli.io.Text;
import shardsim.cli.options.Registry;
import shardsim.core.scenario.Scenario;

/**
 * Entry point of the {@code sim} command and the one place where failures become exit codes:
 * bad usage, {@link UserError}, a run the scenario refuses ({@link shardsim.core.sim.RunRefused}) and a failure of the file system (a full disk, a folder not
 * writable, a file removed meanwhile) exit 2 with one line on stderr; a signal that stops a command
 * before its work is done exits 130 with one line; anything else unexpected is an internal error
 * (exit 4) and is the only case that prints a stack trace.
 */
public final class Main {
    private Main() {}

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

    /** The command line over the built-in scenarios and those on the class path ({@code SIM_CLASSPATH}). */
    public static CommandLine newCommandLine(PrintStream out, PrintStream err) {
        return newCommandLine(new CliContext(
                out,
                err,
                Registry.fromEnvironment(
                        System.getenv(shardsim.cli.base.Launcher.CLASS_PATH_VARIABLE), Main.class.getClassLoader()),
                System.console() != null));
    }

    /** Over the built-in scenarios and those {@code scenariosFrom} finds as services (tests give a loader of their own). */
    public static CommandLine newCommandLine(PrintStream out, PrintStream err, ClassLoader scenariosFrom) {
        return newCommandLine(new CliContext(out, err, Registry.discovered(scenariosFrom), System.console() != null));
    }

    /** Over exactly these scenarios. */
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
        cmd.addSubcommand(new CoverageCommand(ctx));
        cmd.addSubcommand(new ExplainCommand(ctx));
        cmd.addSubcommand(new ExploreCommand(ctx));
        cmd.addSubcommand(new UpgradesCommand(ctx));
        // Each help lists only the exit codes its command can give (ExitCodes, the one place).
        cmd.getCommandSpec().usageMessage().footer(ExitCodes.footer("sim"));
        cmd.getSubcommands()
                .forEach((name, sub) -> sub.getCommandSpec().usageMessage().footer(ExitCodes.footer(name)));
        cmd.setOut(new PrintWriter(ctx.out(), true));
        cmd.setErr(new PrintWriter(ctx.err(), true));
        cmd.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cmd.setParameterExceptionHandler((ex, args) -> {
            String name = ex.getCommandLine().getCommandSpec().qualifiedName();
            ctx.err()
                    .println(name + ": " + Text.oneLine(String.valueOf(ex.getMessage())) + " (see '" + name
                            + " --help')");
            ctx.err().flush();
            return ExitCodes.BAD_INPUT;
        });
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            String name = commandLine.getCommandSpec().qualifiedName();
            if (ex instanceof UserError || ex instanceof shardsim.core.sim.RunRefused) {
                ctx.err().println(name + ": " + Text.unprefixed(name, ex.getMessage()));
                ctx.err().flush();
                return ExitCodes.BAD_INPUT;
            }
            if (shuttingDown(ex)) {
                ctx.err().println(name + ": interrupted before the work was done; no verdict");
                ctx.err().flush();
                return ExitCodes.INTERRUPTED;
            }
            String io = IoFailure.oneLine(ex);
            if (io != null) {
                ctx.err().println(name + ": " + Text.unprefixed(name, io));
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

    /** The JDK refuses work once the JVM stops on a signal ("Shutdown in progress"): an interruption, not a bug. */
    static boolean shuttingDown(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof IllegalStateException && "Shutdown in progress".equals(c.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /** An Error is an internal error (exit 4) in one line: its stack says nothing a user can act on. */
    static int internalError(CliContext ctx, CommandLine.ParseResult parseResult, Error e) {
        CommandLine.ParseResult last = parseResult;
        while (last.subcommand() != null) {
            last = last.subcommand();
        }
        String name = last.commandSpec().qualifiedName();
        String hint =
                e instanceof OutOfMemoryError ? " (give the JVM more memory, for example SIM_JAVA_OPTS=-Xmx4g)" : "";
        try {
            ctx.err().println(name + ": internal error: " + Text.oneLine(String.valueOf(e)) + hint);
            ctx.err().flush();
        } catch (Error again) {
            // Nothing more can be said; the exit code still tells.
        }
        return ExitCodes.INTERNAL;
    }
}
