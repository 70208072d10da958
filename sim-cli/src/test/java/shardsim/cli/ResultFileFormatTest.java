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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Result files of format 3: a header, short seed lines, and a checkpoint of latency histograms
 * after every batch of seeds. Resuming and summarizing stay exact whatever the batch size and
 * wherever a sweep was killed.
 */
class ResultFileFormatTest {
    @TempDir
    Path dir;

    private static JsonNode summary(Cli.Result r) {
        JsonNode s = Json.object(r.out().strip(), "summary");
        ObjectNode keep = Json.MAPPER.createObjectNode();
        for (String f : new String[] {"runs", "failing", "violations", "firstFailingSeeds", "events", "metricsMicros"}) {
            keep.set(f, s.get(f));
        }
        return keep;
    }

    private Path sweep(String name, String... more) {
        Path f = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("sweep", "ping", "--mode", "buggy", "--seeds", "1..60", "--out", f.toString()));
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
        assertTrue(cps.size() >= 9 && cps.stream().allMatch(n -> n >= 1 && n <= 7), "every 7 seeds, and the rest at the end: " + cps);
        assertEquals(whole, summary(Cli.run("summarize", "--json", small.toString())));
        // Shards with batches of different sizes add up to the same percentiles.
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        Cli.run("sweep", "ping", "--mode", "buggy", "--seeds", "1..60", "--shard", "0/2", "--checkpoint-every", "5", "--out", a.toString());
        Cli.run("sweep", "ping", "--mode", "buggy", "--seeds", "1..60", "--shard", "1/2", "--checkpoint-every", "3", "--out", b.toString());
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
        assertTrue(refused.err().contains("leaving out the last 4 seeds") && refused.err().contains("shard 0/1 (30 of 60 seeds) unfinished"), refused.err());
        Cli.Result partial = Cli.run("summarize", "--json", "--allow-partial", killed.toString());
        assertEquals(30, summary(partial).get("runs").longValue(), partial.err());
        Cli.Result resumed = Cli.run("sweep", "ping", "--mode", "buggy", "--seeds", "1..60", "--checkpoint-every", "10", "--threads", "2", "--out",
                killed.toString(), "--resume", "--json");
        assertTrue(resumed.err().contains("34 seeds already") && resumed.err().contains("the last 4 after its last checkpoint run again"), resumed.err());
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
        Cli.Result r = Cli.run("sweep", "ping", "--mode", "buggy", "--seeds", "1..60", "--checkpoint-every", "10", "--threads", "1", "--out",
                edited.toString(), "--resume");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().contains("records digest " + seed.get("d").stringValue() + " for seed " + seed.get("s")), r.err());
        assertEquals(before, Files.readString(edited), "nothing written: the edited seed is the first to run");
    }

    @Test
    void olderFilesAndEditedFilesAreRefusedInOneLine() throws IOException {
        String older = "{\"scenario\":\"ping\",\"mode\":\"buggy\",\"plan\":\"random\",\"planDigest\":\"c700028bbca1cf64\",\"seeds\":\"1..2\",\"shard\":\"0/1\",\"seed\":1,"
                + "\"ok\":true,\"digest\":\"91c52931fae3b00c\",\"events\":27,\"virtualMicros\":711242,\"violations\":[],\"metrics\":{\"rtt\":\"HISTFAAAACR4nJNpmSzMwMDAxgABzFCaEUKFitl/gLCOBzNdZ2QCAFlTBOE=\"},\"wallMicros\":10}\n";
        Path old = Files.writeString(dir.resolve("old.jsonl"), older);
        Cli.run("summarize", old.toString()).assertBadInput("was written by an older sim (one object per seed, no header line)", "summarize");
        Cli.run("sweep", "ping", "--mode", "buggy", "--seeds", "1..2", "--out", old.toString(), "--resume").assertBadInput("was written by an older sim", "resume");
        assertEquals(older, Files.readString(old), "the older file is untouched");

        Path good = sweep("good.jsonl", "--checkpoint-every", "10", "--threads", "1");
        List<String> lines = Files.readAllLines(good);
        List<String> lost = new ArrayList<>(lines);
        lost.remove(3);
        Path f = Files.write(dir.resolve("lost.jsonl"), lost);
        Cli.run("summarize", f.toString()).assertBadInput("line 11 is a checkpoint of 10 seeds after 9 seed lines: the file was edited", "a lost line");
        List<String> twice = new ArrayList<>(lines);
        twice.add(2, lines.get(1));
        f = Files.write(dir.resolve("twice.jsonl"), twice);
        Cli.run("summarize", f.toString()).assertBadInput("line 3 holds seed 1 a second time", "a seed twice");
        Cli.run("summarize", good.toString(), good.toString()).assertBadInput("which an earlier file holds too", "a file twice");
        List<String> format = new ArrayList<>(lines);
        format.set(0, lines.get(0).replace("shardsim-sweep/3", "shardsim-sweep/9"));
        f = Files.write(dir.resolve("format.jsonl"), format);
        Cli.run("summarize", f.toString()).assertBadInput("is of format 'shardsim-sweep/9', this sim reads shardsim-sweep/3 only", "a newer format");
        Cli.run("sweep", "ping", "--seeds", "1..3", "--checkpoint-every", "0").assertBadInput("--checkpoint-every must be between 1 and 100000", "bad option");
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
}
