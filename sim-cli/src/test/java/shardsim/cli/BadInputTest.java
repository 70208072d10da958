package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.io.TraceFile;
import tools.jackson.databind.node.ObjectNode;

/** Every bad input: exit 2, one line on stderr naming the problem, no stack trace, no output file. */
class BadInputTest {
    @TempDir
    Path dir;

    private Cli.Result bad(String expected, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(ExitCodes.BAD_INPUT, r.code(), String.join(" ", args) + "\nout: " + r.out() + "\nerr: " + r.err());
        assertEquals(1, r.errLines().size(), "one line: " + r.err());
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        return r;
    }

    private void noFilesIn(Path folder) throws IOException {
        try (var files = Files.list(folder)) {
            assertEquals(List.of(), files.toList(), "no output or scratch file left");
        }
    }

    private Path goodTrace() throws IOException {
        Path t = Files.createTempDirectory(dir, "src").resolve("good.jsonl");
        assertEquals(
                ExitCodes.OK,
                Cli.run("run", "ping", "--mode", "fixed", "--plan", "random", "--seed", "4", "--trace", t.toString())
                        .code());
        return t;
    }

    @Test
    void unknownScenarioModePlan() {
        bad("unknown scenario 'nope' (known: ping)", "run", "nope");
        bad(
                "unknown mode 'broken' for ping (expected one of buggy, fixed, nondeterministic, per-process)",
                "run",
                "ping",
                "--mode",
                "broken");
        bad("unknown plan 'chaos' for ping", "run", "ping", "--plan", "chaos");
        bad("unknown scenario", "sweep", "nope", "--seeds", "1..2");
        bad("unknown mode", "check-determinism", "ping", "--mode", "x", "--seeds", "1..2");
        bad("Unknown option: '--frobnicate'", "run", "ping", "--frobnicate");
        bad("Missing required parameter: 'SCENARIO'", "run");
    }

    @Test
    void badSeeds() {
        bad("'abc' is not a long", "run", "ping", "--seed", "abc");
        bad("seed range is empty", "sweep", "ping", "--seeds", "");
        bad("seed range 5..1 is reversed", "sweep", "ping", "--seeds", "5..1");
        bad("seed range 'a..b' is not of the form A..B", "sweep", "ping", "--seeds", "a..b");
        bad("seed range '1..' is not of the form A..B", "sweep", "ping", "--seeds", "1..");
        bad("does not fit in a 64-bit seed", "sweep", "ping", "--seeds", "1..99999999999999999999");
        bad("is too large", "sweep", "ping", "--seeds", "0..9223372036854775807");
        bad("seed range 9..3 is reversed", "check-determinism", "ping", "--seeds", "9..3");
        bad("Missing required option: '--seeds=A..B'", "sweep", "ping");
    }

    @Test
    void badShardsAndThreads() {
        bad("shard 4/4 is out of range", "sweep", "ping", "--seeds", "1..9", "--shard", "4/4");
        bad("shard 0/0 is out of range", "sweep", "ping", "--seeds", "1..9", "--shard", "0/0");
        bad("shard 'x' is not of the form I/N", "sweep", "ping", "--seeds", "1..9", "--shard", "x");
        bad("shard '-1/3' is not of the form I/N", "sweep", "ping", "--seeds", "1..9", "--shard", "-1/3");
        bad("--threads must be between 1 and 1024", "sweep", "ping", "--seeds", "1..9", "--threads", "0");
        bad("--resume needs --out", "sweep", "ping", "--seeds", "1..9", "--resume");
    }

    @Test
    void badShrinkAndPower() throws IOException {
        String out = dir.resolve("s.json").toString();
        bad("unknown scenario 'nope'", "shrink", "nope");
        bad("--max-runs must be at least 1, got 0", "shrink", "ping", "--max-runs", "0", "--out", out);
        bad("--max-seconds must be positive, got -1.0", "shrink", "ping", "--max-seconds", "-1", "--out", out);
        bad("--threads must be between 1 and 1024, got 0", "shrink", "ping", "--threads", "0", "--out", out);
        bad(
                "unknown invariant 'Q7' for ping (its invariants: P1)",
                "shrink",
                "ping",
                "--invariant",
                "Q7",
                "--out",
                out);
        bad("scenario ping cannot give its plan as data", "shrink", "ping", "--seed", "3", "--out", out);
        bad(
                "folder " + dir.resolve("missing").resolve("deeper") + " does not exist, nor does its parent",
                "shrink",
                "ping",
                "--out",
                dir.resolve("missing").resolve("deeper").resolve("s.json").toString());
        bad("--starts must be between 1 and 100000, got 0", "power", "ping", "--starts", "0");
        bad("--max-seeds must be between 1 and 1000000000, got 0", "power", "ping", "--max-seeds", "0");
        bad("the documented plan does not depend on the seed", "power", "ping", "--plan", "documented");
        noFilesIn(dir);
    }

    @Test
    void outputInAMissingFolder() throws IOException {
        // One missing folder is made (inside one that exists); a missing parent too is refused.
        Path missing = dir.resolve("no-such-folder").resolve("deeper");
        bad(
                "folder " + missing + " does not exist, nor does its parent",
                "run",
                "ping",
                "--trace",
                missing.resolve("t.jsonl").toString());
        bad(
                "folder " + missing + " does not exist, nor does its parent",
                "sweep",
                "ping",
                "--seeds",
                "1..3",
                "--out",
                missing.resolve("r.jsonl").toString());
        bad("it is a folder", "run", "ping", "--trace", dir.toString());
        noFilesIn(dir);
    }

    @Test
    void outputInAReadOnlyFolder() throws IOException {
        Path ro = Files.createDirectory(dir.resolve("ro"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            if (Files.isWritable(ro)) {
                // Root writes read-only folders; /proc refuses new files even to root.
                assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no folder here refuses root's writes");
                bad("cannot write /proc/t.jsonl", "run", "ping", "--trace", "/proc/t.jsonl");
                bad("cannot write /proc/r.jsonl", "sweep", "ping", "--seeds", "1..3", "--out", "/proc/r.jsonl");
                bad("cannot write /proc/p.html", "run", "ping", "--html", "/proc/p.html");
                return;
            }
            bad(
                    "is not writable",
                    "run",
                    "ping",
                    "--trace",
                    ro.resolve("t.jsonl").toString());
            bad(
                    "is not writable",
                    "sweep",
                    "ping",
                    "--seeds",
                    "1..3",
                    "--out",
                    ro.resolve("r.jsonl").toString());
            noFilesIn(ro);
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void anExistingResultFileIsNotOverwritten() throws IOException {
        Path f = dir.resolve("r.jsonl");
        Files.writeString(f, "keep me\n");
        bad("already exists (add --resume", "sweep", "ping", "--seeds", "1..3", "--out", f.toString());
        assertEquals("keep me\n", Files.readString(f));
        bad(
                "result file " + f + " line 1 is not valid JSON",
                "sweep",
                "ping",
                "--seeds",
                "1..3",
                "--out",
                f.toString(),
                "--resume");
    }

    @Test
    void resumingAnotherSweepsFile() throws IOException {
        Path f = dir.resolve("r.jsonl");
        Cli.run("sweep", "ping", "--mode", "fixed", "--seeds", "1..3", "--out", f.toString());
        bad(
                "holds runs of ping mode fixed plan random, not of ping mode buggy",
                "sweep",
                "ping",
                "--mode",
                "buggy",
                "--seeds",
                "1..3",
                "--out",
                f.toString(),
                "--resume");
        bad(
                "holds a sweep of seeds 1..3 shard 0/1, not of seeds 5..9 shard 0/1",
                "sweep",
                "ping",
                "--mode",
                "fixed",
                "--seeds",
                "5..9",
                "--out",
                f.toString(),
                "--resume");
    }

    @Test
    void missingEmptyAndNotJsonTraces() throws IOException {
        bad(
                "trace " + dir.resolve("none.jsonl") + " does not exist",
                "replay",
                dir.resolve("none.jsonl").toString());
        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "");
        bad("is empty", "replay", empty.toString());
        Path text = Files.writeString(dir.resolve("text.jsonl"), "hello world\n");
        bad("line 1 is not valid JSON", "replay", text.toString());
        Path other = Files.writeString(dir.resolve("other.jsonl"), "{\"schema\":\"something-else\"}\n");
        bad("is not a sim trace file", "replay", other.toString());
        bad("is a folder", "replay", dir.toString());
    }

    @Test
    void truncatedTraces() throws IOException {
        Path good = goodTrace();
        List<String> lines = Files.readAllLines(good);
        Path lostLines = dir.resolve("short.jsonl");
        Files.write(lostLines, lines.subList(0, lines.size() - 3));
        bad(
                "is truncated: its header announces " + (lines.size() - 1) + " events, the file has "
                        + (lines.size() - 4),
                "replay",
                lostLines.toString());
        Path cut = dir.resolve("cut.jsonl");
        String all = Files.readString(good);
        Files.writeString(cut, all.substring(0, all.length() - 20));
        bad("(the file looks truncated)", "replay", cut.toString());
    }

    @Test
    void tracesOfAnotherSchemaOrScenario() throws IOException {
        Path good = goodTrace();
        List<String> lines = new ArrayList<>(Files.readAllLines(good));
        ObjectNode header = Json.object(lines.get(0), "header");
        header.put("schemaVersion", 99);
        lines.set(0, Json.line(header));
        Path v99 = Files.write(dir.resolve("v99.jsonl"), Traces.reseal(lines));
        bad("has schema version 99; this sim reads version 3", "replay", v99.toString());
        header.put("schemaVersion", TraceFile.SCHEMA_VERSION);
        header.put("scenario", "split-stall");
        lines.set(0, Json.line(header));
        Path other = Files.write(dir.resolve("other.jsonl"), Traces.reseal(lines));
        bad("is for scenario 'split-stall', which this sim does not have", "replay", other.toString());
        header.put("scenario", "ping");
        header.put("mode", "imaginary");
        lines.set(0, Json.line(header));
        Path mode = Files.write(dir.resolve("mode.jsonl"), Traces.reseal(lines));
        bad("is for mode 'imaginary'", "replay", mode.toString());
        header.put("mode", "fixed");
        header.remove("seed");
        lines.set(0, Json.line(header));
        Path noSeed = Files.write(dir.resolve("noseed.jsonl"), Traces.reseal(lines));
        bad("field 'seed' is missing or not an integer", "replay", noSeed.toString());
    }

    @Test
    void badResultFilesForSummarize() throws IOException {
        bad("does not exist", "summarize", dir.resolve("none.jsonl").toString());
        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "");
        bad("is not a sweep result file (it holds no complete header line)", "summarize", empty.toString());
        Path junk = Files.writeString(dir.resolve("junk.jsonl"), "{\"seed\": 1}\n");
        bad("line 1 is not the header of a sweep result file", "summarize", junk.toString());
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        Cli.run("sweep", "ping", "--mode", "fixed", "--seeds", "1..2", "--out", a.toString());
        Cli.run("sweep", "ping", "--mode", "buggy", "--seeds", "1..2", "--out", b.toString());
        bad("summarize one sweep at a time", "summarize", a.toString(), b.toString());
    }
}
