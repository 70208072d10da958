package shardsim.cli.issue15;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;

/**
 * Issue 15, "clobbering" and "leftovers": no output overwrites an existing file without --force
 * or lands on an input, an internal error leaves no scratch file and no empty result file, and
 * output files get the same permissions as a sweep's.
 */
class OutputFilesTest {
    @TempDir
    Path dir;

    private static void bad(Issue15Cli.Result r, String expected) {
        r.assertBadInput(expected);
    }

    private List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void existingOutputsAreKeptUnlessForced() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.jsonl"), "keep");
        Path html = Files.writeString(dir.resolve("p.html"), "keep");
        bad(
                Issue15Cli.run("run", "drop-after-clone", "--trace", trace.toString()),
                trace + " already exists (add --force to overwrite it)");
        bad(Issue15Cli.run("run", "drop-after-clone", "--html", html.toString()), html + " already exists");
        Path out = Files.writeString(dir.resolve("s.json"), "keep");
        bad(
                Issue15Cli.run("shrink", "drop-after-clone", "--plan", "documented", "--out", out.toString()),
                out + " already exists");
        assertEquals("keep", Files.readString(trace));
        assertEquals("keep", Files.readString(html));
        assertEquals("keep", Files.readString(out));
        assertEquals(
                ExitCodes.VIOLATION,
                Issue15Cli.run("run", "drop-after-clone", "--trace", trace.toString(), "--force")
                        .code());
        assertTrue(Files.readString(trace).startsWith("{\"schema\":\"shardsim-trace\""), "--force overwrites");
    }

    @Test
    void noOutputLandsOnTheInputPlanOrOnAnotherOutput() throws IOException {
        Path plan = Plans15.write(dir, "p.json", Plans15.documented("drop-after-clone"));
        String before = Files.readString(plan);
        bad(
                Issue15Cli.run(
                        "run", "drop-after-clone", "--plan", plan.toString(), "--trace", plan.toString(), "--force"),
                "it is an input of this command");
        bad(
                Issue15Cli.run(
                        "shrink", "drop-after-clone", "--plan", plan.toString(), "--out", plan.toString(), "--force"),
                "it is an input of this command");
        bad(
                Issue15Cli.run(
                        "run",
                        "drop-after-clone",
                        "--trace",
                        dir.resolve("x").toString(),
                        "--html",
                        dir.resolve("x").toString()),
                "two outputs name the same file");
        assertEquals(before, Files.readString(plan));
        assertEquals(List.of("p.json"), names());
    }

    @Test
    void aReportIntoAFolderItDidNotWriteNeedsForce() throws IOException {
        Files.writeString(dir.resolve("notes.txt"), "mine");
        bad(
                Issue15Cli.run("report", "--out", dir.toString(), "--seeds", "1"),
                "holds files that sim report did not write (add --force");
        assertEquals(List.of("notes.txt"), names());
    }

    @Test
    void anInternalErrorDuringRunHtmlOrSweepOutLeavesNothing() throws IOException {
        Broken broken = new Broken(() -> new IllegalStateException("simulated bug"));
        Issue15Cli.Result run = Issue15Cli.run(
                List.of(broken),
                "run",
                "broken",
                "--plan",
                "random",
                "--html",
                dir.resolve("p.html").toString(),
                "--trace",
                dir.resolve("t.jsonl").toString());
        assertEquals(ExitCodes.INTERNAL, run.code(), run.all());
        Issue15Cli.Result sweep = Issue15Cli.run(
                List.of(broken),
                "sweep",
                "broken",
                "--seeds",
                "1..5",
                "--out",
                dir.resolve("r.jsonl").toString());
        assertEquals(ExitCodes.INTERNAL, sweep.code(), sweep.all());
        assertEquals(List.of(), names(), "no scratch file, and no empty result file to block the rerun");
    }

    @Test
    void traceHtmlAndPlanFilesGetTheSamePermissionsAsASweepFile() throws IOException {
        Issue15Cli.run(
                "run",
                "drop-after-clone",
                "--trace",
                dir.resolve("t.jsonl").toString(),
                "--html",
                dir.resolve("p.html").toString());
        Issue15Cli.run(
                "sweep",
                "drop-after-clone",
                "--seeds",
                "0..1",
                "--out",
                dir.resolve("r.jsonl").toString());
        Issue15Cli.run(
                "shrink",
                "drop-after-clone",
                "--plan",
                "documented",
                "--out",
                dir.resolve("s.json").toString(),
                "--threads",
                "1");
        String sweep = PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("r.jsonl")));
        for (String f : List.of("t.jsonl", "p.html", "s.json")) {
            assertEquals(sweep, PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(f))), f);
        }
    }
}
