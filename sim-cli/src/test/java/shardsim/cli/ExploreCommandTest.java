package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code sim explore} over the real scenarios: the same search on any thread count, plan files that replay and shrink, bad input. */
class ExploreCommandTest {
    @TempDir
    Path dir;

    private static ObjectNode json(Cli.Result r) {
        assertEquals(1, r.out().lines().count(), "one JSON line: " + r.out());
        return Json.object(r.out(), "output");
    }

    /** The summary without what depends on the machine or the folder: wall time, threads, file paths. */
    private static String comparable(ObjectNode o, Path folder) {
        o.remove("seconds");
        o.remove("threads");
        return Json.line(o).replace(folder.toString(), "DIR");
    }

    @Test
    void theSearchAndItsPlanFilesAreTheSameOnAnyThreadCount() throws IOException {
        Path one = dir.resolve("one");
        Path three = dir.resolve("three");
        Cli.Result a = Cli.real(
                "explore",
                "drop-after-clone",
                "--mode",
                "buggy",
                "--runs",
                "48",
                "--seed",
                "5",
                "--threads",
                "1",
                "--out",
                one.toString(),
                "--json");
        Cli.Result b = Cli.real(
                "explore",
                "drop-after-clone",
                "--mode",
                "buggy",
                "--runs",
                "48",
                "--seed",
                "5",
                "--threads",
                "3",
                "--out",
                three.toString(),
                "--json");
        assertEquals(ExitCodes.VIOLATION, a.code(), a.out() + a.err());
        assertEquals(ExitCodes.VIOLATION, b.code(), b.out() + b.err());
        ObjectNode ja = json(a);
        assertEquals(48, ja.get("runs").asInt());
        assertTrue(ja.get("failingRuns").asInt() > 0);
        assertEquals(comparable(ja, one), comparable(json(b), three));
        List<String> filesOne = names(one);
        assertEquals(filesOne, names(three));
        assertEquals(ja.get("findings").size(), filesOne.size());
        for (String f : filesOne) {
            assertEquals(
                    Files.readString(one.resolve(f)).replace(one.toString(), "DIR"),
                    Files.readString(three.resolve(f)).replace(three.toString(), "DIR"));
        }
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFailureIsAPlanFileThatReplaysAndShrinks() throws IOException {
        Cli.Result r = Cli.real(
                "explore", "split-stall", "--mode", "buggy", "--runs", "16", "--threads", "2", "--out", dir.toString());
        assertEquals(ExitCodes.VIOLATION, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("reproduce: ./sim run split-stall --mode buggy --plan "), r.out());
        assertTrue(r.out().contains("shrink:    ./sim shrink split-stall --mode buggy --plan "), r.out());
        ObjectNode o = json(Cli.real(
                "explore",
                "split-stall",
                "--mode",
                "buggy",
                "--runs",
                "16",
                "--threads",
                "2",
                "--out",
                dir.resolve("again").toString(),
                "--json"));
        JsonNode first = o.get("findings").get(0);
        Path plan = Path.of(first.get("planFile").asString());
        String invariant = first.get("signature").asString().split("\\+")[0];

        Cli.Result run = Cli.real("run", "split-stall", "--mode", "buggy", "--plan", plan.toString(), "--json");
        assertEquals(ExitCodes.VIOLATION, run.code(), run.out() + run.err());
        assertEquals(
                Json.line(first.get("violations")),
                Json.line(Json.object(run.out(), "run").get("violations")),
                "the plan replays to the same violations");

        Path shrunk = dir.resolve("shrunk.json");
        Cli.Result shrink = Cli.real(
                "shrink",
                "split-stall",
                "--mode",
                "buggy",
                "--plan",
                plan.toString(),
                "--invariant",
                invariant,
                "--out",
                shrunk.toString(),
                "--json");
        assertEquals(ExitCodes.OK, shrink.code(), shrink.out() + shrink.err());
        ObjectNode s = Json.object(shrink.out(), "shrink");
        assertEquals(invariant, s.get("invariant").asString());
        assertTrue(
                s.get("after").get("operations").asInt()
                        < s.get("before").get("operations").asInt(),
                shrink.out());
    }

    @Test
    void aModeThatHoldsFindsNothingAndWritesNothing() throws IOException {
        Path out = dir.resolve("none");
        Cli.Result r = Cli.real(
                "explore",
                "drop-after-clone",
                "--mode",
                "fixed",
                "--runs",
                "24",
                "--threads",
                "2",
                "--out",
                out.toString());
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("failures: none"), r.out());
        assertFalse(Files.exists(out), "no failure, no folder");
    }

    @Test
    void aResidualGapIsNoFailure() {
        // version-skew's fixed mode breaks only C5, the gap upstream's fix leaves.
        ObjectNode o = json(Cli.real(
                "explore",
                "version-skew",
                "--mode",
                "fixed",
                "--runs",
                "16",
                "--threads",
                "2",
                "--out",
                dir.toString(),
                "--json"));
        assertEquals(0, o.get("failingRuns").asInt(), Json.line(o));
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws IOException {
        String out = dir.toString();
        Cli.real("explore", "drop-after-clone", "--runs", "0", "--out", out)
                .assertBadInput("--runs must be between 1 and", "zero runs");
        Cli.real("explore", "drop-after-clone", "--seed", "-1", "--out", out)
                .assertBadInput("--seed must be between 0 and", "negative seed");
        Cli.real("explore", "drop-after-clone", "--plan", "documented", "--out", out)
                .assertBadInput("explore sweeps seeds", "documented plan");
        Cli.real("explore", "drop-after-clone", "--plan", "p.json", "--out", out)
                .assertBadInput("explore takes a built-in plan", "plan file");
        Cli.real("explore", "nope", "--out", out).assertBadInput("unknown scenario 'nope'", "unknown scenario");
        Cli.real("explore", "drop-after-clone", "--mode", "nope", "--out", out)
                .assertBadInput("unknown mode 'nope'", "unknown mode");
        Cli.real("explore", "drop-after-clone", "--threads", "0", "--out", out)
                .assertBadInput("--threads must be between 1 and", "no threads");
        Path file = Files.writeString(dir.resolve("file"), "x");
        Cli.real("explore", "drop-after-clone", "--out", file.toString())
                .assertBadInput("is not a folder", "--out a file");
        Cli.real("explore", "drop-after-clone", "--out", dir.resolve("no/such").toString())
                .assertBadInput("does not exist, nor does its parent", "--out nowhere");
        Path earlier = Files.writeString(dir.resolve("drop-after-clone-buggy-explore-seed-0-run-3.json"), "{}");
        Cli.real("explore", "drop-after-clone", "--out", out)
                .assertBadInput("already holds plans of this exploration", "an earlier exploration's plans");
        assertEquals("{}", Files.readString(earlier), "an earlier plan is not lost");
    }
}
