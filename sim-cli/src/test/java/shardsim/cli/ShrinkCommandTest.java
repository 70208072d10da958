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
import tools.jackson.databind.node.ObjectNode;

/** {@code sim shrink} over the real scenarios: the shrunk plan is smaller, replays the same failure, and does not depend on threads. */
class ShrinkCommandTest {
    @TempDir
    Path dir;

    @Test
    void shrinksASeedToAPlanThatRunReplays() throws IOException {
        Path out = dir.resolve("dac.json");
        Cli.Result r = Cli.real(
                "shrink",
                "drop-after-clone",
                "--mode",
                "buggy",
                "--seed",
                "2",
                "--out",
                out.toString(),
                "--threads",
                "2");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("kept failing: D1"), r.out());
        assertTrue(r.out().contains("minimal: removing any one"), r.out());
        assertTrue(r.err().startsWith("shrink: "), "progress on stderr: " + r.err());
        ObjectNode plan = Json.object(Files.readString(out), "plan");
        assertEquals(2, plan.get("seed").asLong());
        assertTrue(plan.get("workload").size() < 36, "fewer operations than the seed's 36");
        // The file alone (it names its seed) replays the failure.
        Cli.Result run = Cli.real("run", "drop-after-clone", "--mode", "buggy", "--plan", out.toString());
        assertEquals(ExitCodes.VIOLATION, run.code(), run.out());
        assertTrue(run.out().contains("claim D1 violated"), run.out());
        // One thread gives the same plan.
        Path one = dir.resolve("one.json");
        assertEquals(
                ExitCodes.OK,
                Cli.real("shrink", "drop-after-clone", "--seed", "2", "--out", one.toString(), "--threads", "1")
                        .code());
        assertEquals(
                Files.readString(out).replace(out.toString(), "X"),
                Files.readString(one).replace(one.toString(), "X"));
    }

    @Test
    void jsonOutputAndTraceAndPage() throws IOException {
        Path out = dir.resolve("vs.json");
        Path trace = dir.resolve("vs.jsonl");
        Path html = dir.resolve("vs.html");
        Cli.Result r = Cli.real(
                "shrink",
                "version-skew",
                "--plan",
                "documented",
                "--out",
                out.toString(),
                "--trace",
                trace.toString(),
                "--html",
                html.toString(),
                "--json");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        ObjectNode o = Json.object(r.out(), "output");
        assertEquals("C2", o.get("invariant").asString());
        assertTrue(o.get("after").get("operations").asInt()
                <= o.get("before").get("operations").asInt());
        assertTrue(o.get("after").get("faults").asInt()
                <= o.get("before").get("faults").asInt());
        assertTrue(o.get("minimal").asBoolean());
        assertEquals(
                "sim run version-skew --mode buggy --plan " + out,
                o.get("command").asString());
        assertTrue(Files.size(trace) > 0 && Files.readString(html).contains("<svg"), "trace and page written");
        Cli.Result replay = Cli.real("replay", trace.toString());
        assertEquals(ExitCodes.OK, replay.code(), replay.out() + replay.err());
        assertTrue(replay.out().contains("identical"), "the trace header carries the shrunk plan: " + replay.out());
    }

    @Test
    void aRunBudgetStopsWithTheBestPlanSoFar() throws IOException {
        Path out = dir.resolve("budget.json");
        Cli.Result r = Cli.real(
                "shrink",
                "drop-after-clone",
                "--seed",
                "2",
                "--out",
                out.toString(),
                "--max-runs",
                "5",
                "--threads",
                "1");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("a budget ran out"), r.out());
        Cli.Result run = Cli.real("run", "drop-after-clone", "--mode", "buggy", "--plan", out.toString());
        assertEquals(ExitCodes.VIOLATION, run.code(), run.out());
    }

    @Test
    void aTimeBudgetStopsWithTheBestPlanSoFar() throws IOException {
        Path out = dir.resolve("time.json");
        Cli.Result r = Cli.real(
                "shrink",
                "split-stall",
                "--plan",
                "swarm",
                "--seed",
                "12",
                "--out",
                out.toString(),
                "--max-seconds",
                "0.000001",
                "--json");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        ObjectNode o = Json.object(r.out(), "output");
        assertFalse(o.get("minimal").asBoolean(), "stopped by the deadline");
        assertEquals("swarm", o.get("plan").asString());
        Cli.Result run = Cli.real("run", "split-stall", "--mode", "buggy", "--plan", out.toString());
        assertEquals(ExitCodes.VIOLATION, run.code(), run.out());
    }

    @Test
    void aSeedThatDoesNotFailIsBadInputAndLeavesNoFile() throws IOException {
        Path out = dir.resolve("none.json");
        Files.writeString(out, "keep me");
        Cli.Result exists =
                Cli.real("shrink", "drop-after-clone", "--mode", "fixed", "--seed", "2", "--out", out.toString());
        assertEquals(ExitCodes.BAD_INPUT, exists.code(), exists.out() + exists.err());
        assertTrue(exists.err().contains("already exists (add --force to overwrite it)"), exists.err());
        Cli.Result r = Cli.real(
                "shrink", "drop-after-clone", "--mode", "fixed", "--seed", "2", "--out", out.toString(), "--force");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("the plan does not fail: nothing to shrink"), r.err());
        assertEquals("keep me", Files.readString(out), "an existing file survives a failed shrink");
        assertFalse(r.err().contains("Exception"), r.err());
    }
}
