package shardsim.cli.issue15;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import shardsim.cli.CliContext;
import shardsim.cli.Main;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.Scenarios;

/** Runs the command line in-process over the real scenarios (or given ones), capturing its output. */
final class Issue15Cli {
    record Result(int code, String out, String err) {
        long errLines() {
            return err.lines().count();
        }

        String all() {
            return "exit " + code + "\nout: " + out + "\nerr: " + err;
        }

        /** Asserts the bad-input contract: exit 2 and exactly one line on stderr, naming {@code expected}. */
        void assertBadInput(String expected) {
            org.junit.jupiter.api.Assertions.assertEquals(shardsim.cli.base.ExitCodes.BAD_INPUT, code, all());
            org.junit.jupiter.api.Assertions.assertEquals(1, errLines(), all());
            org.junit.jupiter.api.Assertions.assertTrue(
                    err.contains(expected), "expected '" + expected + "' in " + err);
        }
    }

    private Issue15Cli() {}

    static Result run(String... args) {
        return run(Scenarios.all(), args);
    }

    static Result run(List<Scenario> scenarios, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int code = Main.newCommandLine(new CliContext(o, e, scenarios, false)).execute(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
