package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Disk;

/**
 * Issue 40, the file layer under a misbehaving machine: a full disk (injected under every write,
 * as CI cannot mount a small file system), targets that are not regular files, inputs that are
 * not regular files, leftovers of a killed process, and the one rule for output folders. Every
 * failure is one line, exit 2, no stack trace, no half-written file under the name the user gave.
 */
class FileLayerFaultsTest {
    @TempDir
    Path dir;

    @AfterEach
    void diskWorksAgain() {
        Disk.inject(null);
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Writes to files whose name contains {@code part} fail as a full disk does. */
    private static void fullFor(String part) {
        Disk.inject((file, n) -> {
            if (file.getFileName().toString().contains(part)) {
                throw new FileSystemException(file.toString(), null, "No space left on device");
            }
        });
    }

    @Test
    void aFullDiskUnderATraceIsOneLineAndLeavesNoFile() throws IOException {
        Disk.inject(Disk.fullAfter(0));
        Path trace = dir.resolve("t.jsonl");
        Cli.Result r = Cli.run("run", "ping", "--trace", trace.toString());
        r.assertBadInput("cannot write " + trace + ": No space left on device", "full disk under --trace");
        assertEquals(List.of(), names(), "no trace and no scratch file");
        Disk.inject(Disk.fullAfter(0));
        Path page = dir.resolve("p.html");
        Cli.run("run", "ping", "--html", page.toString())
                .assertBadInput("cannot write " + page + ": No space left on device", "full disk under --html");
        assertEquals(List.of(), names());
    }

    @Test
    void aFullDiskMidSweepKeepsTheSeedsWrittenAndResumes() throws IOException {
        Path out = dir.resolve("r.jsonl");
        // The header and a few seed lines fit, then the disk is full.
        Disk.inject(Disk.fullAfter(700));
        Cli.Result r = Cli.run(
                "sweep",
                "ping",
                "--seeds",
                "0..199",
                "--threads",
                "1",
                "--checkpoint-every",
                "2",
                "--out",
                out.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        String last = r.errLines().get(r.errLines().size() - 1);
        assertTrue(
                last.contains("cannot write " + out + ": No space left on device")
                        && last.contains("continue with --resume"),
                r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
        assertTrue(Files.size(out) > 0, "what was written stays");
        Disk.inject(null);
        Cli.Result resumed = Cli.run(
                "sweep",
                "ping",
                "--seeds",
                "0..199",
                "--threads",
                "1",
                "--checkpoint-every",
                "2",
                "--out",
                out.toString(),
                "--resume");
        assertTrue(resumed.code() == ExitCodes.OK || resumed.code() == ExitCodes.VIOLATION, resumed.err());
        Cli.Result summary = Cli.run("summarize", out.toString());
        assertTrue(summary.out().contains("200"), "every seed is in the file once: " + summary.out());
    }

    @Test
    void aShrinkWhoseTraceFailsSaysItsPlanIsWritten() throws IOException {
        fullFor("t.jsonl");
        Path plan = dir.resolve("s.json");
        Path trace = dir.resolve("t.jsonl");
        Cli.Result r = Cli.real(
                "shrink",
                "drop-after-clone",
                "--plan",
                "documented",
                "--max-runs",
                "5",
                "--out",
                plan.toString(),
                "--trace",
                trace.toString(),
                "--threads",
                "1");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertTrue(
                r.err()
                        .strip()
                        .endsWith("cannot write " + trace + ": No space left on device (the shrunk plan is written: "
                                + plan + ")"),
                r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
        assertEquals(List.of("s.json"), names());
    }

    @Test
    void nothingButARegularFileIsWrittenOrReplaced() throws IOException {
        Path real = Files.writeString(dir.resolve("real.jsonl"), "keep");
        Path link = Files.createSymbolicLink(dir.resolve("link.jsonl"), real);
        Cli.run("run", "ping", "--trace", link.toString(), "--force")
                .assertBadInput("it is a symbolic link, not a regular file", "a link as --trace");
        Cli.run("run", "ping", "--html", link.toString(), "--force")
                .assertBadInput("it is a symbolic link, not a regular file", "a link as --html");
        Cli.run("sweep", "ping", "--seeds", "0..3", "--out", link.toString(), "--resume")
                .assertBadInput("not a regular file", "a link as a result file");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("keep", Files.readString(real));
        Path dev = Path.of("/dev/null");
        if (Files.exists(dev)) {
            Cli.run("run", "ping", "--trace", dev.toString(), "--force")
                    .assertBadInput("is a device, pipe or socket, not a regular file", "a device as --trace");
            assertFalse(Files.isRegularFile(dev), "the device is still a device");
        }
    }

    @Test
    void inputsAreReadOnlyFromRegularFiles() throws IOException {
        Path dev = Path.of("/dev/null");
        if (!Files.exists(dev)) {
            return;
        }
        Cli.run("run", "ping", "--plan", dev.toString())
                .assertBadInput("plan /dev/null is not a regular file", "a device as --plan");
        Cli.run("replay", dev.toString())
                .assertBadInput("trace /dev/null is not a regular file", "a device as a trace");
        Cli.run("summarize", dev.toString())
                .assertBadInput("result file /dev/null is not a regular file", "a device as a result file");
        Path dangling = Files.createSymbolicLink(dir.resolve("gone.json"), dir.resolve("nothing.json"));
        Cli.run("run", "ping", "--plan", dangling.toString())
                .assertBadInput("is a symbolic link to nothing", "a dangling link as --plan");
    }

    @Test
    void aKilledRunsScratchFilesAreRemovedByTheNextRunWritingTheSameFile() throws IOException {
        // A process id that is not running (pid_max on Linux is at most 2^22).
        Path stale = Files.writeString(dir.resolve(".t.jsonl.sim-tmp-99999999-1.tmp"), "half");
        Path staleEvents = Files.writeString(dir.resolve(".t.jsonl.sim-tmp-99999999-2.events"), "half");
        Path other = Files.writeString(dir.resolve(".notes.tmp"), "not ours");
        Path trace = dir.resolve("t.jsonl");
        Cli.Result r = Cli.run("run", "ping", "--trace", trace.toString());
        assertTrue(r.code() == ExitCodes.OK || r.code() == ExitCodes.VIOLATION, r.err());
        assertFalse(
                Files.exists(stale) || Files.exists(staleEvents), "leftovers of a dead process are gone: " + names());
        assertTrue(Files.exists(other), "a file that is not sim's stays");
        assertEquals(List.of(".notes.tmp", "t.jsonl"), names());
    }

    @Test
    void everyCommandMakesAMissingOutputFolderInsideOneThatExists() throws IOException {
        Path trace = dir.resolve("new").resolve("t.jsonl");
        Cli.Result r = Cli.run("run", "ping", "--trace", trace.toString());
        assertTrue(Files.isRegularFile(trace), r.err());
        Path results = dir.resolve("sweeps").resolve("r.jsonl");
        Cli.run("sweep", "ping", "--seeds", "0..3", "--out", results.toString());
        assertTrue(Files.isRegularFile(results));
        Path deep = dir.resolve("a").resolve("b").resolve("t.jsonl");
        Cli.run("run", "ping", "--trace", deep.toString())
                .assertBadInput("does not exist, nor does its parent", "two missing folders");
        Cli.run("sweep", "ping", "--seeds", "0..3", "--out", deep.toString())
                .assertBadInput("does not exist, nor does its parent", "two missing folders");
        assertFalse(Files.exists(dir.resolve("a")));
    }
}
