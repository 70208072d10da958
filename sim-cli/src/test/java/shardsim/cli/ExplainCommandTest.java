package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code sim explain} over the real scenarios: the curve, its independence of threads, and bad input. */
class ExplainCommandTest {
    @TempDir
    Path dir;

    /** A small search of drop-after-clone's smallest failing random seed, whose link delays and loss are drawn at run time. */
    private static final String[] SMALL = {
        "explain",
        "drop-after-clone",
        "--mode",
        "buggy",
        "--plan",
        "random",
        "--seed",
        "2",
        "--k",
        "20",
        "--points",
        "8",
        "--max-points",
        "14",
        "--json"
    };

    private static String[] with(String[] base, String... more) {
        String[] out = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, out, base.length, more.length);
        return out;
    }

    @Test
    void theCurveIsTheSameOnOneAndTwoThreads() {
        Cli.Result one = Cli.real(with(SMALL, "--threads", "1"));
        Cli.Result two = Cli.real(with(SMALL, "--threads", "2"));
        assertEquals(ExitCodes.OK, one.code(), one.out() + one.err());
        assertEquals(ExitCodes.OK, two.code(), two.out() + two.err());
        ObjectNode a = Json.object(one.out(), "output");
        ObjectNode b = Json.object(two.out(), "output");
        assertEquals(a.get("curve"), b.get("curve"));
        assertEquals(a.get("pointOfNoReturn"), b.get("pointOfNoReturn"));
        assertEquals(a.get("decisiveEvents"), b.get("decisiveEvents"));
        JsonNode curve = a.get("curve");
        assertEquals(14, curve.size(), "the grid's 8 points and 6 bisections: " + curve);
        assertTrue(
                curve.get(0).get("fraction").asDouble() < 0.5,
                "from the start the failure is not likely: " + curve.get(0));
        assertTrue(a.get("lastUnlikely").isObject() && a.get("pointOfNoReturn").isObject(), a.toString());
        assertTrue(a.get("pointOfNoReturn").get("event").asLong()
                > a.get("lastUnlikely").get("event").asLong());
        assertFalse(a.get("nothingRandom").asBoolean());
        assertEquals("D1", a.get("invariant").asString());
        assertTrue(one.err().startsWith("explain: event 0 "), "progress on stderr: " + one.err());
    }

    @Test
    void aScriptedPlanIsSealedFromTheStart() throws IOException {
        Path page = dir.resolve("e.html");
        Cli.Result r = Cli.real(
                "explain",
                "version-skew",
                "--mode",
                "buggy",
                "--plan",
                "documented",
                "--k",
                "5",
                "--points",
                "4",
                "--html",
                page.toString());
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(
                r.out().startsWith("explain version-skew  mode buggy  plan documented  seed 0\nparameters:\n  k = 5"),
                r.out());
        assertTrue(r.out().contains("nothing this plan does at run time is random"), r.out());
        assertTrue(r.out().contains("point of no return: event 0 "), r.out());
        assertTrue(
                r.out().contains("sim explain version-skew --mode buggy --plan documented --seed 0 --k 5 --points 4"),
                r.out());
        String html = Files.readString(page);
        assertTrue(
                html.contains("<svg class=\"curve\"") && html.contains("<svg class=\"st\""),
                "the curve and the space-time diagram");
        // The page exists now: not overwritten without --force.
        Cli.Result again = Cli.real("explain", "version-skew", "--k", "5", "--html", page.toString());
        assertEquals(ExitCodes.BAD_INPUT, again.code());
    }

    @Test
    void anAimingPlanIsExplainedAsData() {
        Cli.Result r = Cli.real(
                "explain",
                "split-stall",
                "--mode",
                "buggy",
                "--plan",
                "targeted",
                "--seed",
                "0",
                "--k",
                "4",
                "--at",
                "0,100");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("note: plan targeted aims faults as the run goes; explained as data"), r.out());
    }

    @Test
    void pointsGivenAsEventsAndTimes() {
        Cli.Result r = Cli.real(
                "explain",
                "drop-after-clone",
                "--plan",
                "random",
                "--seed",
                "2",
                "--k",
                "3",
                "--at",
                "10,170.5s,0",
                "--json");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        JsonNode curve = Json.object(r.out(), "output").get("curve");
        assertEquals(3, curve.size());
        assertEquals(0, curve.get(0).get("event").asLong());
        assertEquals(10, curve.get(1).get("event").asLong());
        assertTrue(curve.get(2).get("timeMicros").asLong() <= 170_500_000L, curve.toString());
    }

    @Test
    void aTraceGivesTheRun() throws IOException {
        Path trace = dir.resolve("run.jsonl");
        Cli.Result run = Cli.real(
                "run",
                "drop-after-clone",
                "--mode",
                "buggy",
                "--plan",
                "random",
                "--seed",
                "2",
                "--trace",
                trace.toString());
        assertEquals(ExitCodes.VIOLATION, run.code(), run.err());
        Cli.Result fromTrace = Cli.real(
                "explain", "drop-after-clone", "--from-trace", trace.toString(), "--k", "4", "--at", "0,260", "--json");
        Cli.Result direct = Cli.real(
                "explain",
                "drop-after-clone",
                "--plan",
                "random",
                "--seed",
                "2",
                "--k",
                "4",
                "--at",
                "0,260",
                "--json");
        assertEquals(ExitCodes.OK, fromTrace.code(), fromTrace.out() + fromTrace.err());
        ObjectNode a = Json.object(fromTrace.out(), "output");
        assertEquals(Json.object(direct.out(), "output").get("curve"), a.get("curve"));
        assertEquals(
                "sim explain drop-after-clone --from-trace " + trace + " --k 4 --at 0,260",
                a.get("command").asString().replace("./", ""));
        Cli.Result both = Cli.real("explain", "drop-after-clone", "--from-trace", trace.toString(), "--seed", "3");
        assertEquals(ExitCodes.BAD_INPUT, both.code());
        assertEquals(1, both.errLines().size(), both.err());
        Cli.Result other = Cli.real("explain", "version-skew", "--from-trace", trace.toString());
        assertEquals(ExitCodes.BAD_INPUT, other.code());
        assertTrue(other.err().contains("is for scenario 'drop-after-clone'"), other.err());
        // An edited trace is corrupt: refused before anything runs.
        Files.writeString(trace, Files.readString(trace).replaceFirst("be10005", "be10006"));
        Cli.Result edited = Cli.real("explain", "drop-after-clone", "--from-trace", trace.toString());
        assertEquals(ExitCodes.BAD_INPUT, edited.code(), edited.err());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        String[][] bad = {
            {"explain", "drop-after-clone", "--mode", "fixed", "--plan", "documented"}, // does not fail
            {"explain", "drop-after-clone", "--plan", "random", "--seed", "2", "--at", "100000"}, // past the last event
            {"explain", "drop-after-clone", "--plan", "random", "--seed", "2", "--at", "100000s"}, // past the end
            {"explain", "drop-after-clone", "--plan", "random", "--seed", "2", "--at", "soon"},
            {"explain", "drop-after-clone", "--k", "0"},
            {"explain", "drop-after-clone", "--points", "10", "--max-points", "5"},
            {"explain", "drop-after-clone", "--invariant", "C2"},
            {"explain", "version-skew", "--invariant", "C1"}, // the documented run does not break C1
        };
        for (String[] args : bad) {
            Cli.Result r = Cli.real(args);
            assertEquals(ExitCodes.BAD_INPUT, r.code(), String.join(" ", args) + ": " + r.out() + r.err());
            assertEquals(1, r.errLines().size(), String.join(" ", args) + ": " + r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
        assertTrue(Cli.real(bad[0]).err().contains("does not fail"));
        assertTrue(Cli.real(bad[1]).err().contains("the run has only"));
        assertTrue(Cli.real(bad[4]).err().contains("--k must be between 1"));
    }
}
