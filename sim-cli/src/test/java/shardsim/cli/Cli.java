package shardsim.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import shardsim.cli.testing.PingScenario;

/** Runs the command line in-process over the ping scenario, capturing stdout and stderr. */
final class Cli {
    record Result(int code, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }

        /** Asserts the bad-input contract: exit 2, one line on stderr naming {@code expected}, no stack trace. */
        void assertBadInput(String expected, String what) {
            org.junit.jupiter.api.Assertions.assertEquals(
                    shardsim.cli.base.ExitCodes.BAD_INPUT, code, what + "\nout: " + out + "\nerr: " + err);
            org.junit.jupiter.api.Assertions.assertEquals(1, errLines().size(), "one line: " + err);
            org.junit.jupiter.api.Assertions.assertTrue(
                    err.contains(expected), "expected '" + expected + "' in: " + err);
            org.junit.jupiter.api.Assertions.assertFalse(err.contains("Exception") || err.contains("\tat "), err);
        }
    }

    private Cli() {}

    static Result run(String... args) {
        return run(List.of(new PingScenario()), args);
    }

    /** Runs over the real scenarios. */
    static Result real(String... args) {
        return run(shardsim.scenarios.Scenarios.all(), args);
    }

    static Result run(List<shardsim.core.scenario.Scenario> scenarios, String... args) {
        return run((o, e) -> Main.newCommandLine(new CliContext(o, e, scenarios, false)), args);
    }

    /** Runs over the built-in scenarios and those {@code loader} finds as services, as {@code sim} does over its class path. */
    static Result discovering(ClassLoader loader, String... args) {
        return run((o, e) -> Main.newCommandLine(o, e, loader), args);
    }

    private static Result run(
            java.util.function.BiFunction<PrintStream, PrintStream, picocli.CommandLine> commandLine, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int code = commandLine.apply(o, e).execute(args);
        o.flush();
        e.flush();
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
