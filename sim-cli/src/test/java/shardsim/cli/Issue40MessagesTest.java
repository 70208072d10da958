package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.LineCheck;

/**
 * Issue 40, "messages in the project's words", and explain's check of a trace: JSON errors
 * without the parser's settings or class names, one prefix, parameters as name = value lines,
 * each help with its own exit codes, --plan choices the command takes, power without a median it
 * did not measure, and explain --from-trace refusing events edited and re-sealed.
 */
class Issue40MessagesTest {
    @TempDir
    Path dir;

    @Test
    void jsonErrorsSayWhatIsWrongInTheFile() throws IOException {
        for (String text : List.of(
                "{\"schema\":\"shardsim-plan\",\"schemaVersion\":NaN}",
                "{\"schema\":",
                "{\"a\":1,\"a\":2}",
                "{'a':1}",
                "{\"a\":1}x")) {
            Path p = Files.writeString(dir.resolve("p.json"), text);
            Cli.Result r = Cli.run("run", "ping", "--plan", p.toString());
            r.assertBadInput("plan " + p, text);
            for (String leak : List.of("Feature", "enable", "tools.jackson", "JsonNode", "Source:", "REDACTED", "`")) {
                assertFalse(r.err().contains(leak), "no '" + leak + "' in: " + r.err());
            }
            assertTrue(r.err().contains("line 1"), "names the line: " + r.err());
        }
    }

    @Test
    void oneCommandNameInFrontOfAMessage() {
        Path x = dir.resolve("x");
        Cli.Result r = Cli.run("run", "ping", "--trace", x.toString(), "--html", x.toString());
        r.assertBadInput("two outputs name the same file", "same output twice");
        assertFalse(r.err().contains("sim run: sim run:"), r.err());
    }

    @Test
    void runPrintsParametersAsNameValueLines() {
        Cli.Result r = Cli.real("run", "version-skew");
        String params =
                r.out().substring(r.out().indexOf("parameters:"), r.out().indexOf("result:"));
        assertTrue(params.contains("faults.crashesPerMinute = "), params);
        assertFalse(params.matches("(?s).*= [A-Z][A-Za-z]*\\[.*"), "no record texts: " + params);
    }

    @Test
    void eachHelpListsOnlyItsOwnExitCodes() {
        String list = Cli.run("list", "--help").out();
        assertTrue(list.contains("Exit codes:") && list.contains("  2 "), list);
        assertFalse(list.contains("  1 ") || list.contains("  3 "), list);
        String replay = Cli.run("replay", "--help").out();
        assertTrue(replay.contains("  3   nondeterminism"), replay);
        assertFalse(replay.contains("  1 "), replay);
        String sim = Cli.run("--help").out();
        assertTrue(sim.contains("  130 interrupted"), sim);
        assertTrue(sim.contains("say which orders are safe."), "the upgrades line is a whole sentence: " + sim);
    }

    @Test
    void exploreAndUpgradesOfferOnlyPlansDrawnFromTheSeed() {
        for (String command : List.of("explore", "upgrades")) {
            String help = Cli.run(command, "--help").out();
            String plan = help.substring(help.indexOf("      --plan=PLAN"));
            plan = plan.substring(0, plan.indexOf("\n      --", 1) < 0 ? plan.length() : plan.indexOf("\n      --", 1));
            assertFalse(plan.contains("FILE.json") || plan.contains("Default: documented"), command + ": " + plan);
            assertTrue(plan.contains("not documented, not a plan file"), command + ": " + plan);
        }
    }

    @Test
    void powerGivesNoMedianWhenNoStartFoundAFailure() {
        Cli.Result r =
                Cli.run("power", "ping", "--mode", "fixed", "--starts", "2", "--max-seeds", "3", "--threads", "1");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertTrue(r.out().contains("none found in any start within 3 seeds (no median)"), r.out());
        assertFalse(r.out().contains("median 3"), r.out());
    }

    @Test
    void explainFromATraceChecksItEventByEvent() throws IOException {
        Path trace = dir.resolve("t.jsonl");
        assertEquals(
                ExitCodes.VIOLATION,
                Cli.real("run", "drop-after-clone", "--trace", trace.toString()).code());
        List<String> lines = Files.readAllLines(trace);
        // Change one event's time and re-seal every check after it, and the header: the file checks out, the run does
        // not.
        List<String> out = new ArrayList<>();
        String previous = "";
        for (int i = 1; i < lines.size(); i++) {
            String body = LineCheck.body(lines.get(i));
            if (i == 5) {
                java.util.regex.Matcher t =
                        java.util.regex.Pattern.compile("\"t\":(\\d+)").matcher(body);
                org.junit.jupiter.api.Assertions.assertTrue(t.find(), body);
                body = body.substring(0, t.start()) + "\"t\":" + (Long.parseLong(t.group(1)) + 1)
                        + body.substring(t.end());
            }
            previous = LineCheck.next(previous, body);
            out.add(LineCheck.seal(body, previous));
        }
        String header = LineCheck.body(lines.get(0))
                .replaceFirst("\"lastCheck\":\"[0-9a-f]*\"", "\"lastCheck\":\"" + previous + "\"");
        out.add(0, LineCheck.seal(header, LineCheck.next("", header)));
        Files.write(trace, out);
        Cli.Result r = Cli.real(
                "explain",
                "drop-after-clone",
                "--from-trace",
                trace.toString(),
                "--k",
                "1",
                "--points",
                "1",
                "--max-points",
                "1");
        assertEquals(ExitCodes.NONDETERMINISM, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("is not the run this sim replays"), r.err());
        assertEquals(
                ExitCodes.NONDETERMINISM, Cli.real("replay", trace.toString()).code(), "replay agrees");
    }
}
