package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.sweep.SweepCoverage;
import tools.jackson.databind.JsonNode;

/** {@code sim coverage}, and the coverage a sweep's summary, its checkpoint lines and {@code sim summarize} report. */
class CoverageCommandTest {
    @TempDir
    Path dir;

    @Test
    void listsReachedAndNeverReachedStatesTheSameAtAnyThreadCount() {
        Cli.Result one =
                Cli.real("coverage", "version-skew", "--mode", "fixed", "--seeds", "0..19", "--threads", "1", "--json");
        Cli.Result three =
                Cli.real("coverage", "version-skew", "--mode", "fixed", "--seeds", "0..19", "--threads", "3", "--json");
        assertEquals(ExitCodes.OK, one.code(), one.err());
        assertEquals(one.out(), three.out());
        JsonNode o = Json.object(one.out().strip(), "output");
        assertEquals(20, o.get("runs").asLong());
        JsonNode shard = o.get("spaces").get(0);
        assertEquals("shard", shard.get("space").asString());
        int states = shard.get("states").asInt();
        assertTrue(states > 1 && states < 160, shard.toString());
        assertEquals(
                160, states + shard.get("neverReached").size(), "every state is reached or listed as never reached");
        assertTrue(shard.get("transitions").asInt() >= states - 1, shard.toString());
        long previous = 0;
        for (JsonNode r : shard.get("rarest")) {
            assertTrue(r.get("runs").asLong() >= previous && r.get("runs").asLong() <= 20, shard.toString());
            previous = r.get("runs").asLong();
        }
        Cli.Result text = Cli.real("coverage", "version-skew", "--mode", "fixed", "--seeds", "0..19", "--threads", "2");
        assertTrue(
                text.out()
                        .contains("shard: " + states + " of 160 states, "
                                + shard.get("transitions").asInt() + " transitions"),
                text.out());
        assertTrue(text.out().contains("never reached (" + (160 - states) + "):"), text.out());
        assertTrue(
                text.out().contains("    leaderShard=meta-ahead procedure=meta-down tables=-"),
                "an impossible state is listed: " + text.out());
    }

    /**
     * The code probes: every one version-skew declares is listed with the runs that hit it, the same
     * at any thread count; a plan with no faults (documented's fixed run has its own few) hits fewer.
     */
    @Test
    void listsTheCodeProbesEachRunHit() {
        List<String> declared = shardsim.scenarios.Scenarios.byName("version-skew")
                .orElseThrow()
                .probeNames();
        Cli.Result one =
                Cli.real("coverage", "version-skew", "--mode", "fixed", "--seeds", "0..29", "--threads", "1", "--json");
        Cli.Result two =
                Cli.real("coverage", "version-skew", "--mode", "fixed", "--seeds", "0..29", "--threads", "2", "--json");
        assertEquals(one.out(), two.out());
        JsonNode o = Json.object(one.out().strip(), "output");
        JsonNode probes = o.get("probes");
        assertEquals(declared.size(), probes.size(), probes.toString());
        int never = 0;
        for (String name : declared) {
            long runs = probes.get(name).asLong();
            assertTrue(runs >= 0 && runs <= 30, name + " " + runs);
            never += runs == 0 ? 1 : 0;
        }
        assertEquals(never, o.get("probesNeverHit").size(), o.toString());
        assertTrue(probes.get("create-succeeded").asLong() > 0, probes.toString());
        Cli.Result text = Cli.real("coverage", "version-skew", "--mode", "fixed", "--seeds", "0..29", "--threads", "2");
        assertTrue(
                text.out()
                        .contains("code probes: " + (declared.size() - never) + " of " + declared.size()
                                + " hit (runs of 30):"),
                text.out());
        assertTrue(
                text.out()
                        .contains(String.format(
                                "  %8d  %s", probes.get("engine-failure").asLong(), "engine-failure")),
                text.out());
        Cli.Result quiet = Cli.real(
                "coverage", "version-skew", "--mode", "fixed", "--plan", "documented", "--seeds", "0..0", "--json");
        JsonNode documented = Json.object(quiet.out().strip(), "documented");
        assertTrue(
                documented.get("probesNeverHit").size() > 0,
                "the documented plan has no engine failure: " + documented);
    }

    @Test
    void aSweepItsResultLinesAndSummarizeCountTheSameCoverage() throws IOException {
        Path f = dir.resolve("sweep.jsonl");
        Cli.Result sweep = Cli.real(
                "sweep",
                "version-skew",
                "--mode",
                "fixed",
                "--seeds",
                "0..19",
                "--threads",
                "2",
                "--out",
                f.toString(),
                "--json");
        JsonNode fromSweep = Json.object(sweep.out().strip(), "sweep").get("coverage");
        Cli.Result sum = Cli.real("summarize", f.toString(), "--json");
        assertEquals(fromSweep, Json.object(sum.out().strip(), "summarize").get("coverage"));
        JsonNode listed = Json.object(
                        Cli.real("coverage", "version-skew", "--mode", "fixed", "--seeds", "0..19", "--json")
                                .out()
                                .strip(),
                        "coverage")
                .get("spaces")
                .get(0);
        assertEquals(
                listed.get("states").asInt(),
                fromSweep.get("shard").get("states").asInt());
        assertEquals(
                listed.get("transitions").asInt(),
                fromSweep.get("shard").get("transitions").asInt());
        assertEquals(160, fromSweep.get("shard").get("size").asInt());
        List<String> lines = Files.readAllLines(f);
        assertEquals(1 + 20 + 1, lines.size(), "a header, 20 seed lines, one checkpoint");
        for (String line : lines.subList(1, 21)) {
            assertTrue(
                    Json.object(line, "line").has("s") && !line.contains("shard/"),
                    "a seed line carries no coverage: " + line);
        }
        String field = Json.object(lines.get(21), "checkpoint").get("c").asString();
        assertTrue(field.startsWith("shard/160:"), field);
        assertEquals(field, SweepCoverage.decode(field, "line").encoded(), "it reads back as written");
        Cli.Result text = Cli.real("summarize", f.toString());
        assertTrue(text.out().contains("  shard: " + listed.get("states").asInt() + " of 160 states"), text.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        Cli.run("coverage", "ping", "--seeds", "0..3")
                .assertBadInput("scenario ping declares no state abstraction", "no abstraction");
        Cli.real("coverage", "version-skew", "--seeds", "9..3").assertBadInput("is reversed", "reversed range");
        Cli.real("coverage", "version-skew", "--seeds", "0..3", "--threads", "0")
                .assertBadInput("--threads must be between 1 and 1024", "threads");
        Cli.real("coverage", "version-skew", "--seeds", "0..3", "--plan", "nosuch")
                .assertBadInput("nosuch", "unknown plan");
        Cli.real("coverage", "nosuch", "--seeds", "0..3").assertBadInput("nosuch", "unknown scenario");
        Cli.real("coverage", "version-skew", "--seeds", "0..3", "--mode", "nosuch")
                .assertBadInput("nosuch", "unknown mode");
    }
}
