package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.sweep.ResultFile;
import shardsim.cli.sweep.SweepCoverage;
import shardsim.core.coverage.CoverageTally;
import shardsim.core.coverage.StateSpace;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.Scenarios;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Result files of format 4: a header, short seed lines, and a checkpoint of latency histograms and
 * state coverage counts after every batch of seeds. Resuming and summarizing stay exact whatever
 * the batch size and wherever a sweep was killed.
 */
class ResultFileFormatTest {
    @TempDir
    Path dir;

    private static JsonNode summary(Cli.Result r) {
        JsonNode s = Json.object(r.out().strip(), "summary");
        ObjectNode keep = Json.MAPPER.createObjectNode();
        for (String f :
                new String[] {"runs", "failing", "violations", "firstFailingSeeds", "events", "metricsMicros"}) {
            keep.set(f, s.get(f));
        }
        return keep;
    }

    private Path sweep(String name, String... more) {
        Path f = dir.resolve(name);
        List<String> args =
                new ArrayList<>(List.of("sweep", "ping", "--mode", "buggy", "--seeds", "1..60", "--out", f.toString()));
        args.addAll(List.of(more));
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(ExitCodes.VIOLATION, r.code(), r.err());
        return f;
    }

    private static long sum(List<Long> xs) {
        return xs.stream().mapToLong(Long::longValue).sum();
    }

    @Test
    void checkpointsOfAnySizeGiveTheSummaryOfOneRun() throws IOException {
        JsonNode whole = summary(Cli.run("sweep", "ping", "--mode", "buggy", "--seeds", "1..60", "--json"));
        Path small = sweep("small.jsonl", "--checkpoint-every", "7", "--threads", "2");
        List<Long> cps = SweepTest.checkpoints(small);
        assertEquals(60, sum(cps));
        assertTrue(
                cps.size() >= 9 && cps.stream().allMatch(n -> n >= 1 && n <= 7),
                "every 7 seeds, and the rest at the end: " + cps);
        assertEquals(whole, summary(Cli.run("summarize", "--json", small.toString())));
        // Shards with batches of different sizes add up to the same percentiles.
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        Cli.run(
                "sweep",
                "ping",
                "--mode",
                "buggy",
                "--seeds",
                "1..60",
                "--shard",
                "0/2",
                "--checkpoint-every",
                "5",
                "--out",
                a.toString());
        Cli.run(
                "sweep",
                "ping",
                "--mode",
                "buggy",
                "--seeds",
                "1..60",
                "--shard",
                "1/2",
                "--checkpoint-every",
                "3",
                "--out",
                b.toString());
        assertEquals(whole, summary(Cli.run("summarize", "--json", a.toString(), b.toString())));
        assertTrue(whole.get("metricsMicros").get("rtt").get("count").longValue() > 0);
    }

    @Test
    void aSweepKilledBetweenCheckpointsIsLeftOutBySummarizeAndFinishedByResume() throws IOException {
        Path full = sweep("full.jsonl", "--checkpoint-every", "10", "--threads", "1");
        JsonNode whole = summary(Cli.run("summarize", "--json", full.toString()));
        List<String> lines = Files.readAllLines(full);
        // kill -9 after the third checkpoint and four more seeds: header, 3 x (10 seeds + checkpoint), 4 seeds.
        Path killed = Files.write(dir.resolve("killed.jsonl"), lines.subList(0, 1 + 33 + 4));
        Cli.Result refused = Cli.run("summarize", killed.toString());
        assertEquals(ExitCodes.BAD_INPUT, refused.code(), refused.err());
        assertTrue(
                refused.err().contains("leaving out the last 4 seeds")
                        && refused.err().contains("shard 0/1 (30 of 60 seeds) unfinished"),
                refused.err());
        Cli.Result partial = Cli.run("summarize", "--json", "--allow-partial", killed.toString());
        assertEquals(30, summary(partial).get("runs").longValue(), partial.err());
        Cli.Result resumed = Cli.run(
                "sweep",
                "ping",
                "--mode",
                "buggy",
                "--seeds",
                "1..60",
                "--checkpoint-every",
                "10",
                "--threads",
                "2",
                "--out",
                killed.toString(),
                "--resume",
                "--json");
        assertTrue(
                resumed.err().contains("34 seeds already")
                        && resumed.err().contains("the last 4 after its last checkpoint run again"),
                resumed.err());
        assertEquals(whole, summary(resumed));
        assertEquals(SweepTest.bySeed(full), SweepTest.bySeed(killed), "the four lines stay, nothing is written twice");
        assertEquals(60, sum(SweepTest.checkpoints(killed)));
        assertEquals(whole, summary(Cli.run("summarize", "--json", killed.toString())));
    }

    @Test
    void aTailSeedThatRunsToAnotherDigestIsRefused() throws IOException {
        Path full = sweep("full.jsonl", "--checkpoint-every", "10", "--threads", "1");
        List<String> lines = new ArrayList<>(Files.readAllLines(full).subList(0, 1 + 11 + 2));
        ObjectNode seed = Json.object(lines.get(12), "line");
        String digest = seed.get("d").stringValue();
        seed.put("d", (digest.charAt(0) == '0' ? "1" : "0") + digest.substring(1));
        lines.set(12, Json.line(seed));
        Path edited = Files.write(dir.resolve("edited.jsonl"), lines);
        String before = Files.readString(edited);
        Cli.Result r = Cli.run(
                "sweep",
                "ping",
                "--mode",
                "buggy",
                "--seeds",
                "1..60",
                "--checkpoint-every",
                "10",
                "--threads",
                "1",
                "--out",
                edited.toString(),
                "--resume");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertTrue(
                r.err().contains("records digest " + seed.get("d").stringValue() + " for seed " + seed.get("s")),
                r.err());
        assertEquals(before, Files.readString(edited), "nothing written: the edited seed is the first to run");
    }

    @Test
    void olderFilesAndEditedFilesAreRefusedInOneLine() throws IOException {
        String older =
                "{\"scenario\":\"ping\",\"mode\":\"buggy\",\"plan\":\"random\",\"planDigest\":\"c700028bbca1cf64\",\"seeds\":\"1..2\",\"shard\":\"0/1\",\"seed\":1,"
                        + "\"ok\":true,\"digest\":\"91c52931fae3b00c\",\"events\":27,\"virtualMicros\":711242,\"violations\":[],\"metrics\":{\"rtt\":\"HISTFAAAACR4nJNpmSzMwMDAxgABzFCaEUKFitl/gLCOBzNdZ2QCAFlTBOE=\"},\"wallMicros\":10}\n";
        Path old = Files.writeString(dir.resolve("old.jsonl"), older);
        Cli.run("summarize", old.toString())
                .assertBadInput("was written by an older sim (one object per seed, no header line)", "summarize");
        Cli.run("sweep", "ping", "--mode", "buggy", "--seeds", "1..2", "--out", old.toString(), "--resume")
                .assertBadInput("was written by an older sim", "resume");
        assertEquals(older, Files.readString(old), "the older file is untouched");

        Path good = sweep("good.jsonl", "--checkpoint-every", "10", "--threads", "1");
        List<String> lines = Files.readAllLines(good);
        List<String> lost = new ArrayList<>(lines);
        lost.remove(3);
        Path f = Files.write(dir.resolve("lost.jsonl"), lost);
        Cli.run("summarize", f.toString())
                .assertBadInput(
                        "line 11 is a checkpoint of 10 seeds after 9 seed lines: the file was edited", "a lost line");
        List<String> twice = new ArrayList<>(lines);
        twice.add(2, lines.get(1));
        f = Files.write(dir.resolve("twice.jsonl"), twice);
        Cli.run("summarize", f.toString()).assertBadInput("line 3 holds seed 1 a second time", "a seed twice");
        Cli.run("summarize", good.toString(), good.toString())
                .assertBadInput("which an earlier file holds too", "a file twice");
        List<String> format = new ArrayList<>(lines);
        format.set(0, lines.get(0).replace("shardsim-sweep/5", "shardsim-sweep/9"));
        f = Files.write(dir.resolve("format.jsonl"), format);
        Cli.run("summarize", f.toString())
                .assertBadInput(
                        "is of format 'shardsim-sweep/9', this sim reads shardsim-sweep/5 only", "a newer format");
        // Format 4 kept gaps and claims together under 'x': refused in one line rather than re-judged.
        List<String> four = new ArrayList<>(lines);
        four.set(0, lines.get(0).replace("shardsim-sweep/5", "shardsim-sweep/4"));
        f = Files.write(dir.resolve("four.jsonl"), four);
        Cli.run("summarize", f.toString())
                .assertBadInput(
                        "is of format 'shardsim-sweep/4' (known gaps not kept apart from broken claims)", "format 4");
        // Format 3's checkpoints had no coverage field: a summary of one would count no coverage, so it is refused.
        List<String> three = new ArrayList<>(lines);
        three.set(0, lines.get(0).replace("shardsim-sweep/5", "shardsim-sweep/3"));
        three.set(11, lines.get(11).replace(",\"c\":\"\"", ""));
        f = Files.write(dir.resolve("three.jsonl"), three);
        String before = Files.readString(f);
        Cli.run("summarize", f.toString())
                .assertBadInput("is of format 'shardsim-sweep/3' (checkpoints without state coverage)", "format 3");
        Cli.run(
                        "sweep",
                        "ping",
                        "--mode",
                        "buggy",
                        "--seeds",
                        "1..60",
                        "--checkpoint-every",
                        "10",
                        "--out",
                        f.toString(),
                        "--resume")
                .assertBadInput("is of format 'shardsim-sweep/3'", "format 3 resumed");
        assertEquals(before, Files.readString(f), "the format-3 file is untouched");
        List<String> overcounted = new ArrayList<>(lines);
        overcounted.set(11, lines.get(11).replace("\"c\":\"\"", "\"c\":\"shard/160:1*b/\""));
        f = Files.write(dir.resolve("overcounted.jsonl"), overcounted);
        Cli.run("summarize", f.toString())
                .assertBadInput(
                        "line 12: field 'c' counts 11 seeds reaching a state, in a checkpoint of 10 seeds", "a count");
        Cli.run("sweep", "ping", "--seeds", "1..3", "--checkpoint-every", "0")
                .assertBadInput("--checkpoint-every must be between 1 and 100000", "bad option");
    }

    @Test
    void aSeedLineIsShortAndKeepsOnlyTheInvariantAndEventOfAViolation() throws IOException {
        Path f = sweep("f.jsonl", "--threads", "1");
        List<String> lines = Files.readAllLines(f);
        ObjectNode header = Json.object(lines.get(0), "header");
        assertEquals("ping", header.get("scenario").stringValue());
        assertEquals("1..60", header.get("seeds").stringValue());
        boolean sawViolation = false;
        for (String line : lines.subList(1, lines.size() - 1)) {
            ObjectNode o = Json.object(line, "seed line");
            assertTrue(line.length() < 120, line);
            if (o.has("x")) {
                sawViolation = true;
                JsonNode first = o.get("x").get(0);
                assertTrue(first.get(0).isString() && first.get(1).longValue() > 0 && first.size() == 2, line);
            }
        }
        assertTrue(sawViolation, "buggy ping fails on some seeds");
    }

    /** The coverage counts of a set of result files: every checkpoint's, added. */
    private static SweepCoverage counts(Path... files) {
        SweepCoverage all = new SweepCoverage();
        for (Path f : files) {
            ResultFile.read(f, (seeds, c) -> all.addAll(c.coverage(), f.toString()));
        }
        return all;
    }

    private static void assertSameCounts(CoverageTally expected, SweepCoverage actual, String what) {
        assertTrue(!expected.spaces().isEmpty(), "version-skew declares an abstraction");
        for (StateSpace s : expected.spaces()) {
            assertEquals(
                    expected.stateRuns(s.name()), actual.stateRuns(s.name()), what + ": runs per state of " + s.name());
            assertEquals(
                    expected.transitionRuns(s.name()),
                    actual.transitionRuns(s.name()),
                    what + ": runs per transition of " + s.name());
        }
        assertEquals(expected.spaces().size(), actual.spaceNames().size(), what);
    }

    @Test
    void checkpointCoverageOfShardsAndOfAResumedSweepIsExactlyThatOfOneRun() throws IOException {
        String[] sweep = {"sweep", "version-skew", "--mode", "fixed", "--plan", "random", "--seeds", "0..29"};
        CoverageTally expected = new CoverageTally();
        Scenario scenario = Scenarios.byName("version-skew").orElseThrow();
        for (long seed = 0; seed < 30; seed++) {
            expected.add(scenario.run(new RunSpec("version-skew", "fixed", "random", seed))
                    .coverage());
        }
        Path one = dir.resolve("one.jsonl");
        Cli.Result whole = Cli.real(concat(sweep, "--threads", "2", "--out", one.toString(), "--json"));
        assertTrue(whole.code() == ExitCodes.OK || whole.code() == ExitCodes.VIOLATION, whole.err());
        JsonNode coverage = Json.object(whole.out().strip(), "sweep").get("coverage");
        assertTrue(coverage.get("shard").get("states").asInt() > 1, coverage.toString());
        assertSameCounts(expected, counts(one), "one file, one checkpoint");
        for (String line : Files.readAllLines(one).subList(1, 31)) {
            assertTrue(
                    line.length() < 120 && !line.contains("shard/"),
                    "a seed line stays short, without coverage: " + line);
        }

        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        Cli.real(concat(sweep, "--shard", "0/2", "--checkpoint-every", "4", "--threads", "2", "--out", a.toString()));
        Cli.real(concat(sweep, "--shard", "1/2", "--checkpoint-every", "7", "--threads", "1", "--out", b.toString()));
        assertSameCounts(expected, counts(a, b), "two shards, checkpoints of 4 and 7");
        Cli.Result sum = Cli.real("summarize", "--json", a.toString(), b.toString());
        assertEquals(coverage, Json.object(sum.out().strip(), "summarize").get("coverage"), sum.err());

        // kill -9 between checkpoints: header, 2 x (5 seeds + checkpoint), 3 seeds.
        Path full = dir.resolve("full.jsonl");
        Cli.real(concat(sweep, "--checkpoint-every", "5", "--threads", "1", "--out", full.toString()));
        Path killed = Files.write(
                dir.resolve("killed.jsonl"), Files.readAllLines(full).subList(0, 1 + 12 + 3));
        Cli.Result partial = Cli.real("summarize", "--json", "--allow-partial", killed.toString());
        assertTrue(
                Json.object(partial.out().strip(), "partial")
                                .get("coverage")
                                .get("shard")
                                .get("states")
                                .asInt()
                        <= coverage.get("shard").get("states").asInt(),
                partial.out());
        Cli.Result resumed = Cli.real(concat(
                sweep, "--checkpoint-every", "5", "--threads", "2", "--out", killed.toString(), "--resume", "--json"));
        assertTrue(
                resumed.err()
                        .contains("the last 3 after its last checkpoint run again for their latencies and coverage"),
                resumed.err());
        assertEquals(
                coverage,
                Json.object(resumed.out().strip(), "resumed").get("coverage"),
                "the resumed sweep's own summary");
        assertSameCounts(expected, counts(killed), "a sweep killed between checkpoints and resumed");
        Cli.Result after = Cli.real("summarize", "--json", killed.toString());
        assertEquals(coverage, Json.object(after.out().strip(), "summarize").get("coverage"), after.err());
    }

    private static String[] concat(String[] head, String... tail) {
        List<String> out = new ArrayList<>(List.of(head));
        out.addAll(List.of(tail));
        return out.toArray(String[]::new);
    }
}
