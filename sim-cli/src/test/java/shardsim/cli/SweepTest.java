package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class SweepTest {
    @TempDir
    Path dir;

    /** Each seed's line without its wall time, by seed: what must not depend on threads or order. */
    static TreeMap<Long, String> bySeed(Path file) throws IOException {
        TreeMap<Long, String> out = new TreeMap<>();
        List<String> lines = Files.readAllLines(file);
        assertTrue(Json.object(lines.get(0), "header").has("format"), "the first line is the header: " + lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            ObjectNode o = Json.object(line, "line");
            if (!o.has("s")) {
                continue;
            }
            o.remove("w");
            String previous = out.put(o.get("s").longValue(), Json.line(o));
            assertEquals(null, previous, "seed " + o.get("s") + " written twice");
        }
        return out;
    }

    /** The checkpoint lines of a file: how many seeds each covers. */
    static List<Long> checkpoints(Path file) throws IOException {
        List<Long> out = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            ObjectNode o = Json.object(line, "line");
            if (o.has("n")) {
                out.add(o.get("n").longValue());
            }
        }
        return out;
    }

    private static JsonNode summary(Cli.Result r) {
        JsonNode s = Json.object(r.out().strip(), "summary");
        ObjectNode keep = Json.MAPPER.createObjectNode();
        for (String f :
                new String[] {"runs", "failing", "violations", "firstFailingSeeds", "events", "metricsMicros"}) {
            keep.set(f, s.get(f));
        }
        return keep;
    }

    @Test
    void resultsDoNotDependOnTheThreadCount() throws IOException {
        Path one = dir.resolve("one.jsonl");
        Path two = dir.resolve("two.jsonl");
        Cli.Result a = Cli.run(
                "sweep",
                "ping",
                "--mode",
                "buggy",
                "--seeds",
                "1..60",
                "--threads",
                "1",
                "--out",
                one.toString(),
                "--json");
        Cli.Result b = Cli.run(
                "sweep",
                "ping",
                "--mode",
                "buggy",
                "--seeds",
                "1..60",
                "--threads",
                "2",
                "--out",
                two.toString(),
                "--json");
        assertEquals(ExitCodes.VIOLATION, a.code(), a.err());
        assertEquals(60, bySeed(one).size());
        assertEquals(bySeed(one), bySeed(two));
        assertEquals(summary(a), summary(b));
        long failing = summary(a).get("failing").longValue();
        assertTrue(failing > 0 && failing < 60, "buggy fails on some seeds, not all: " + failing);
        assertTrue(summary(a).get("metricsMicros").get("rtt").get("p99.9").longValue() > 0);
    }

    @Test
    void theFixedModeHoldsOnEverySeed() {
        Cli.Result r = Cli.run("sweep", "ping", "--mode", "fixed", "--seeds", "1..60", "--threads", "2");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("runs 60, failing 0"), r.out());
        assertTrue(r.out().contains("first failing seeds: none"), r.out());
        assertTrue(r.out().contains("rtt (") && r.out().contains("p99.9"), r.out());
        assertTrue(r.out().contains("seeds/s"), r.out());
    }

    @Test
    void resumeRunsOnlyTheMissingSeedsAndDropsAPartialLine() throws IOException {
        Path full = dir.resolve("full.jsonl");
        Cli.Result all =
                Cli.run("sweep", "ping", "--seeds", "1..40", "--threads", "2", "--out", full.toString(), "--json");
        Path part = dir.resolve("part.jsonl");
        List<String> lines = Files.readAllLines(full);
        // The header and 15 seeds, no checkpoint yet (one every 1000 seeds): the 15 run again for their latencies and
        // coverage only.
        String kept =
                String.join("\n", lines.subList(0, 16)) + "\n" + lines.get(16).substring(0, 20);
        Files.writeString(part, kept, StandardCharsets.UTF_8);
        Cli.Result resumed = Cli.run(
                "sweep", "ping", "--seeds", "1..40", "--threads", "2", "--out", part.toString(), "--resume", "--json");
        assertEquals(all.code(), resumed.code(), resumed.err());
        assertTrue(
                resumed.err().contains("partial last line") && resumed.err().contains("15 seeds already"),
                resumed.err());
        assertTrue(resumed.err().contains("the last 15 after its last checkpoint run again"), resumed.err());
        assertEquals(bySeed(full), bySeed(part));
        assertEquals(List.of(40L), checkpoints(part), "one checkpoint covers the 15 old lines and the 25 new ones");
        assertEquals(summary(all), summary(resumed));
        Cli.Result again = Cli.run("sweep", "ping", "--seeds", "1..40", "--out", part.toString(), "--resume", "--json");
        assertEquals(40, summary(again).get("runs").longValue());
        assertEquals(summary(all), summary(again), "a file read back gives the same summary, percentiles too");
        assertEquals(1 + 40 + 1, Files.readAllLines(part).size(), "nothing ran twice");
    }

    @Test
    void shardsAreDisjointAndSummarizeAddsThemUp() throws IOException {
        Cli.Result whole = Cli.run("sweep", "ping", "--seeds", "1..50", "--json");
        TreeSet<Long> seen = new TreeSet<>();
        String[] files = new String[3];
        for (int i = 0; i < 3; i++) {
            Path f = dir.resolve("shard-" + i + ".jsonl");
            files[i] = f.toString();
            Cli.run("sweep", "ping", "--seeds", "1..50", "--shard", i + "/3", "--out", f.toString());
            for (long s : bySeed(f).keySet()) {
                assertTrue(seen.add(s), "seed " + s + " in two shards");
            }
        }
        assertEquals(50, seen.size());
        String[] args = new String[files.length + 2];
        args[0] = "summarize";
        args[1] = "--json";
        System.arraycopy(files, 0, args, 2, files.length);
        Cli.Result sum = Cli.run(args);
        assertEquals(whole.code(), sum.code(), sum.err());
        assertEquals(summary(whole), summary(sum));
        assertTrue(
                summary(sum).get("metricsMicros").get("rtt").get("p99.9").longValue() > 0,
                "the percentiles are there, and equal");
        for (String f : files) {
            List<String> lines = Files.readAllLines(Path.of(f));
            assertEquals(
                    List.of((long) bySeed(Path.of(f)).size()),
                    checkpoints(Path.of(f)),
                    "one checkpoint at the end of a short sweep");
            for (String line : lines.subList(1, lines.size())) {
                ObjectNode o = Json.object(line, f);
                assertTrue(
                        o.has("s")
                                ? !o.has("m") && line.length() < 120
                                : o.get("m").get("rtt").isString(),
                        "seed lines are short and hold no samples; a checkpoint holds one compressed histogram per metric: "
                                + line);
            }
        }
        Cli.Result text = Cli.run("summarize", files[0], files[1], files[2]);
        assertTrue(text.out().contains("runs 50"), text.out());
    }

    @Test
    void stopOnFirstStopsEarly() {
        Cli.Result r = Cli.run(
                "sweep",
                "ping",
                "--mode",
                "buggy",
                "--plan",
                "documented",
                "--seeds",
                "1..500",
                "--threads",
                "1",
                "--stop-on-first",
                "--json");
        assertEquals(ExitCodes.VIOLATION, r.code());
        assertEquals(1, summary(r).get("runs").longValue(), "documented buggy fails on the first seed");
    }
}
