package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;

/**
 * Issue 40, result files: locked while a sweep writes them, resumed only when they are this
 * sweep's (checked before a byte is dropped or rewritten), a missing one refused with --resume,
 * and a header sealed with a check, so an edited header is refused, not trusted.
 */
class ResultFileGuardsTest {
    @TempDir
    Path dir;

    private Path sweep(String name, String seeds) {
        Path out = dir.resolve(name);
        Cli.Result r = Cli.run("sweep", "ping", "--seeds", seeds, "--threads", "1", "--out", out.toString());
        assertTrue(r.code() == ExitCodes.OK || r.code() == ExitCodes.VIOLATION, r.err());
        return out;
    }

    @Test
    void aSecondWriterIsRefusedWhileTheFileIsLocked() throws IOException {
        Path out = sweep("r.jsonl", "0..9");
        // Cut the last lines off, as a killed sweep leaves it, then hold the lock as a live sweep does.
        List<String> lines = Files.readAllLines(out);
        Files.write(out, lines.subList(0, 3));
        byte[] before = Files.readAllBytes(out);
        try (FileChannel ch = FileChannel.open(out, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock = ch.lock()) {
            Cli.run("sweep", "ping", "--seeds", "0..9", "--threads", "1", "--out", out.toString(), "--resume")
                    .assertBadInput(
                            out + " is being written by another sim sweep right now (it is locked)",
                            "resume of a live sweep");
            assertTrue(lock.isValid());
        }
        assertEquals(new String(before, StandardCharsets.UTF_8), Files.readString(out), "nothing interleaved");
        Cli.Result resumed =
                Cli.run("sweep", "ping", "--seeds", "0..9", "--threads", "1", "--out", out.toString(), "--resume");
        assertTrue(resumed.code() == ExitCodes.OK || resumed.code() == ExitCodes.VIOLATION, resumed.err());
    }

    @Test
    void twoSweepsAtOnceNeverShareAFile() throws Exception {
        Path out = dir.resolve("r.jsonl");
        // The first sweep holds its file while it runs; a second start on it, fresh or resumed, is refused.
        Thread first = new Thread(() -> Cli.run(
                "sweep",
                "ping",
                "--seeds",
                "0..399",
                "--threads",
                "1",
                "--checkpoint-every",
                "1",
                "--out",
                out.toString()));
        first.start();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(out) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        Cli.Result second =
                Cli.run("sweep", "ping", "--seeds", "0..399", "--threads", "1", "--out", out.toString(), "--resume");
        first.join();
        if (second.code() == ExitCodes.BAD_INPUT) {
            assertTrue(second.err().contains("is being written by another sim sweep"), second.err());
        } else {
            // The first had finished before the second started: then the second resumed a whole file.
            assertTrue(second.err().contains("resuming; 400 seeds already in"), second.err());
        }
        Cli.Result summary = Cli.run("summarize", out.toString());
        assertTrue(summary.code() == ExitCodes.OK || summary.code() == ExitCodes.VIOLATION, summary.err());
    }

    @Test
    void onlyAResultFileOfThisSweepIsResumed() throws IOException {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "my notes");
        Cli.run("sweep", "ping", "--seeds", "0..3", "--out", notes.toString(), "--resume")
                .assertBadInput(
                        "is not a result file of this sweep (its first line is not a sweep header); nothing was changed",
                        "notes");
        assertEquals("my notes", Files.readString(notes));
        Path plan = Files.writeString(dir.resolve("p.json"), "{\n  \"schema\" : \"shardsim-plan\"\n}\n");
        Cli.run("sweep", "ping", "--seeds", "0..3", "--out", plan.toString(), "--resume")
                .assertBadInput("line 1", "a plan file");
        assertEquals("{\n  \"schema\" : \"shardsim-plan\"\n}\n", Files.readString(plan));
        Cli.run(
                        "sweep",
                        "ping",
                        "--seeds",
                        "0..3",
                        "--out",
                        dir.resolve("typo.jsonl").toString(),
                        "--resume")
                .assertBadInput("typo.jsonl does not exist, so there is no sweep to resume", "a missing file");
        assertTrue(Files.notExists(dir.resolve("typo.jsonl")));
    }

    @Test
    void aSweepKilledMidHeaderResumes() throws IOException {
        Path whole = sweep("whole.jsonl", "0..3");
        String header = Files.readAllLines(whole).get(0);
        Path cut = Files.writeString(dir.resolve("cut.jsonl"), header.substring(0, header.length() / 2));
        Cli.Result r =
                Cli.run("sweep", "ping", "--seeds", "0..3", "--threads", "1", "--out", cut.toString(), "--resume");
        assertTrue(r.code() == ExitCodes.OK || r.code() == ExitCodes.VIOLATION, r.err());
        assertEquals(Files.readAllLines(whole).get(0), Files.readAllLines(cut).get(0));
    }

    @Test
    void anEditedHeaderIsRefused() throws IOException {
        Path out = sweep("r.jsonl", "0..3");
        String text = Files.readString(out);
        Path edited = Files.writeString(
                dir.resolve("edited.jsonl"), text.replaceFirst("\"mode\":\"buggy\"", "\"mode\":\"fixed\""));
        Cli.run("summarize", edited.toString())
                .assertBadInput("line 1 does not match its check: the header was edited", "summarize");
        Cli.run("sweep", "ping", "--mode", "fixed", "--seeds", "0..3", "--out", edited.toString(), "--resume")
                .assertBadInput("the header was edited", "resume");
        Path unsealed = Files.writeString(dir.resolve("old.jsonl"), text.replaceFirst(",\"c\":\"[0-9a-f]{8}\"}", "}"));
        Cli.run("summarize", unsealed.toString())
                .assertBadInput("carries no check field", "a header without its check");
    }
}
