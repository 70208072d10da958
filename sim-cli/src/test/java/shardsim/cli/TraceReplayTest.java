package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.testing.PingScenario;
import tools.jackson.databind.node.ObjectNode;

class TraceReplayTest {
    @TempDir
    Path dir;

    @Test
    void aTraceHasAHeaderThenEveryEventAndReplaysIdentically() throws IOException {
        Path trace = dir.resolve("run.jsonl");
        Cli.Result r = Cli.run(
                "run",
                "ping",
                "--mode",
                "buggy",
                "--plan",
                "random",
                "--seed",
                "11",
                "--trace",
                trace.toString(),
                "--json");
        ObjectNode run = Json.object(r.out().strip(), "run");
        List<String> lines = Files.readAllLines(trace);
        ObjectNode header = Json.object(lines.get(0), "header");
        assertEquals("shardsim-trace", header.get("schema").stringValue());
        assertEquals(3, header.get("schemaVersion").intValue());
        assertEquals(VersionProvider.version(), header.get("simVersion").stringValue());
        assertEquals("ping", header.get("scenario").stringValue());
        assertEquals("buggy", header.get("mode").stringValue());
        assertEquals("random", header.get("plan").stringValue());
        assertEquals(11, header.get("seed").longValue());
        assertEquals("20", header.get("params").get("pings").stringValue());
        assertEquals(run.get("digest").stringValue(), header.get("digest").stringValue());
        assertEquals(run.get("traceEvents").longValue(), lines.size() - 1, "one line per event");
        try (var files = Files.list(dir)) {
            assertEquals(List.of(trace), files.toList(), "no scratch files left behind");
        }
        Cli.Result replay = Cli.run("replay", trace.toString());
        assertEquals(ExitCodes.OK, replay.code(), replay.out() + replay.err());
        assertTrue(replay.out().contains("identical: " + (lines.size() - 1) + " events"), replay.out());
    }

    @Test
    void aChangedEventIsNamedInBothRuns() throws IOException {
        Path trace = dir.resolve("run.jsonl");
        Cli.run("run", "ping", "--mode", "fixed", "--plan", "random", "--seed", "5", "--trace", trace.toString());
        List<String> lines = new ArrayList<>(Files.readAllLines(trace));
        int target = lines.size() / 2;
        List<String> original = List.copyOf(lines);
        ObjectNode e = Json.object(lines.get(target), "event");
        // Only the text changed: replay compares fields, so a resealed file still replays identically.
        e.put("detail", "tampered");
        lines.set(target, Json.line(e));
        Files.write(trace, Traces.reseal(lines));
        Cli.Result textOnly = Cli.run("replay", trace.toString());
        assertEquals(0, textOnly.code(), "the text is for people, not compared: " + textOnly.out() + textOnly.err());
        lines = new ArrayList<>(original);
        ObjectNode fields = (ObjectNode) e.get("fields");
        String first = fields.propertyNames().iterator().next();
        fields.put(first, "tampered");
        lines.set(target, Json.line(e));
        Files.write(trace, lines);
        Cli.Result corrupt = Cli.run("replay", trace.toString());
        assertEquals(
                ExitCodes.BAD_INPUT,
                corrupt.code(),
                "an edit that breaks the file's own checks is corruption, not nondeterminism: " + corrupt.err());
        assertTrue(corrupt.err().contains("line " + (target + 1) + " does not match its check"), corrupt.err());
        // A forgery that keeps the file consistent with itself is what a differing re-run looks like.
        Files.write(trace, Traces.reseal(lines));
        Cli.Result replay = Cli.run("replay", trace.toString());
        assertEquals(ExitCodes.NONDETERMINISM, replay.code(), replay.out() + replay.err());
        assertTrue(replay.out().contains("differ at event #" + (target - 1)), replay.out());
        assertTrue(
                replay.out().contains("recorded:")
                        && replay.out().contains("tampered")
                        && replay.out().contains("replayed:"),
                replay.out());
    }

    @Test
    void aNondeterministicScenarioFailsReplay() {
        Path trace = dir.resolve("nd.jsonl");
        Cli.run("run", "ping", "--mode", "nondeterministic", "--seed", "1", "--trace", trace.toString());
        Cli.Result replay = Cli.run("replay", trace.toString());
        assertEquals(ExitCodes.NONDETERMINISM, replay.code(), replay.out());
        assertTrue(replay.out().contains("leak="), "names the differing parameter event: " + replay.out());
    }

    @Test
    void checkDeterminismInOneJvm() {
        Cli.Result ok = Cli.run("check-determinism", "ping", "--mode", "buggy", "--seeds", "1..20");
        assertEquals(ExitCodes.OK, ok.code(), ok.out() + ok.err());
        assertTrue(ok.out().contains("20 seeds"), ok.out());
        Cli.Result bad = Cli.run("check-determinism", "ping", "--mode", "nondeterministic", "--seeds", "1..3");
        assertEquals(ExitCodes.NONDETERMINISM, bad.code(), bad.out() + bad.err());
        assertTrue(bad.out().contains("seed 1") && bad.out().contains("traces differ at event #"), bad.out());
    }

    @Test
    void checkDeterminismAcrossJvms(@TempDir Path services) throws IOException {
        // The child JVM finds ping as this one does: as a service, through the loader's folder.
        try (URLClassLoader loader = ScenarioJar.loader(services, List.of(PingScenario.class))) {
            Cli.Result ok = Cli.discovering(
                    loader, "check-determinism", "ping", "--mode", "buggy", "--seeds", "1..10", "--fresh-jvm");
            assertEquals(ExitCodes.OK, ok.code(), ok.out() + ok.err());
            assertTrue(ok.out().contains("fresh JVM"), ok.out());
            assertEquals(
                    ExitCodes.OK,
                    Cli.discovering(loader, "check-determinism", "ping", "--mode", "per-process", "--seeds", "1..2")
                            .code(),
                    "invisible in one JVM");
            Cli.Result bad = Cli.discovering(
                    loader, "check-determinism", "ping", "--mode", "per-process", "--seeds", "1..2", "--fresh-jvm");
            assertEquals(ExitCodes.NONDETERMINISM, bad.code(), bad.out() + bad.err());
            assertTrue(bad.out().contains("traces differ at event #"), bad.out());
        }
    }
}
