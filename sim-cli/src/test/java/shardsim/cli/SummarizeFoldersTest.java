package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;

/**
 * {@code sim summarize} over the shard files of a sweep as a Kubernetes Job or a CI matrix leaves
 * them: a folder or a glob. Its stdout is what one unsharded sweep prints (less the thread count and
 * the throughput line), so it is the same bytes for the pieces as for the whole.
 */
class SummarizeFoldersTest {
    @TempDir
    Path dir;

    private Path shards(String name, String seeds, int n, String mode) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name));
        for (int i = 0; i < n; i++) {
            Cli.Result r = Cli.run(
                    "sweep",
                    "ping",
                    "--mode",
                    mode,
                    "--seeds",
                    seeds,
                    "--shard",
                    i + "/" + n,
                    "--out",
                    folder.resolve("shard-" + i + ".jsonl").toString());
            assertTrue(r.code() <= ExitCodes.VIOLATION, r.err());
        }
        return folder;
    }

    @Test
    void aFolderOrAGlobOfShardsPrintsWhatTheUnshardedSweepPrints() throws IOException {
        Path folder = shards("results", "1..90", 4, "buggy");
        Files.writeString(folder.resolve("notes.txt"), "not a result file");
        Path whole = dir.resolve("whole.jsonl");
        Cli.Result sweep = Cli.run(
                "sweep", "ping", "--mode", "buggy", "--seeds", "1..90", "--threads", "1", "--out", whole.toString());
        assertEquals(ExitCodes.VIOLATION, sweep.code(), "buggy ping fails on some seeds: " + sweep.out());
        Cli.Result one = Cli.run("summarize", whole.toString());
        Cli.Result gathered = Cli.run("summarize", folder.toString());
        Cli.Result globbed =
                Cli.run("summarize", folder.resolve("shard-*.jsonl").toString());
        assertEquals(one.out(), gathered.out(), "the same bytes for four shards as for one file");
        assertEquals(one.out(), globbed.out());
        assertEquals(sweep.code(), gathered.code());
        assertEquals(sweep.code(), globbed.code());
        String sweepOut = sweep.out().replaceFirst(" threads 1\n", "\n").replaceFirst("(?m)^throughput: .*\n", "");
        assertEquals(sweepOut, gathered.out(), "what the sweep printed, less its thread count and throughput");
        assertTrue(
                gathered.out().startsWith("sweep ping mode buggy plan random seeds 1..90\nruns 90, failing "),
                gathered.out());
        assertTrue(
                gathered.err().contains("throughput: ") && gathered.err().contains("from the run times in the files"),
                "timings go to stderr: " + gathered.err());
    }

    @Test
    void aMissingShardIsNamedAndExits2() throws IOException {
        Path folder = shards("results", "1..40", 4, "fixed");
        Files.delete(folder.resolve("shard-2.jsonl"));
        Cli.Result r = Cli.run("summarize", folder.toString());
        r.assertBadInput("the sweep of seeds 1..40 is incomplete: shard 2/4 missing", "a shard missing");
        assertEquals("", r.out());
        Cli.Result partial = Cli.run("summarize", "--allow-partial", folder.toString());
        assertEquals(ExitCodes.OK, partial.code(), partial.err());
        assertTrue(
                partial.out().startsWith("sweep ping mode fixed plan random seeds 1..40 (PARTIAL)\nruns 30, failing 0"),
                partial.out());
    }

    @Test
    void anUnfinishedShardIsNamedAndExits2() throws IOException {
        Path folder = shards("results", "1..40", 2, "fixed");
        Path f = folder.resolve("shard-1.jsonl");
        java.util.List<String> lines = Files.readAllLines(f);
        // The header and 12 of the shard's 20 seeds, no checkpoint: what a killed pod leaves.
        Files.write(f, lines.subList(0, 13));
        Cli.Result r = Cli.run("summarize", folder.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().contains("leaving out the last 12 seeds of " + f), r.err());
        assertTrue(
                r.err()
                        .lines()
                        .reduce((a, b) -> b)
                        .orElseThrow()
                        .endsWith(
                                "shard 1/2 (0 of 20 seeds) unfinished (add --allow-partial to summarize what is there)"),
                r.err());
    }

    @Test
    void shardsOfTwoSweepsAreRefusedInOneLine() throws IOException {
        Path folder = shards("results", "1..40", 2, "fixed");
        Path other = shards("other", "1..50", 2, "fixed");
        Files.copy(other.resolve("shard-1.jsonl"), folder.resolve("shard-1-of-another.jsonl"));
        Cli.run("summarize", folder.toString()).assertBadInput("summarize one sweep at a time", "two seed ranges");
        Path modes = shards("modes", "1..40", 2, "buggy");
        Cli.run(
                        "summarize",
                        folder.resolve("shard-0.jsonl").toString(),
                        modes.resolve("shard-1.jsonl").toString())
                .assertBadInput("summarize one sweep at a time", "two modes");
    }

    @Test
    void foldersAndGlobsWithoutResultFilesAreBadInput() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Cli.run("summarize", empty.toString())
                .assertBadInput(empty + " is a folder without result files (*.jsonl)", "an empty folder");
        Cli.run("summarize", empty.resolve("shard-*.jsonl").toString())
                .assertBadInput("no file matches " + empty.resolve("shard-*.jsonl"), "a glob matching nothing");
        Cli.run("summarize", dir.resolve("nowhere").resolve("*.jsonl").toString())
                .assertBadInput("does not exist", "a glob in a missing folder");
        Cli.run("summarize", dir.resolve("x*").resolve("a.jsonl").toString())
                .assertBadInput("only the last part of a path may hold a glob", "a glob in a folder name");
    }
}
