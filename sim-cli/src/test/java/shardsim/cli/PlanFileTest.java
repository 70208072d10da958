package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plans given as files: they run, replay from the trace alone, and every malformed one is refused in one line. */
class PlanFileTest {
    @TempDir
    Path dir;

    private Path plan(String name, String json) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, json);
        return p;
    }

    private static String planJson(String link, String faults) {
        return "{\"schema\":\"shardsim-plan\",\"schemaVersion\":1,\"scenario\":\"ping\"," + link + "\"faults\":[" + faults + "]}";
    }

    private static final String LINK = "\"link\":{\"lossProbability\":0.0,\"duplicateProbability\":0.0,\"delayMicrosMin\":100,\"delayMicrosMax\":5000},";
    private static final String PARTITION = "{\"atMicros\":200000,\"kind\":\"partition\",\"a\":\"client\",\"b\":\"server\"},"
            + "{\"atMicros\":900000,\"kind\":\"heal\",\"a\":\"client\",\"b\":\"server\"}";

    @Test
    void aPlanFileRunsItsFaultsAndTheTraceReplaysWithoutTheFile() throws IOException {
        Path p = plan("p.json", planJson(LINK, PARTITION));
        Path t = dir.resolve("t.jsonl");
        Cli.Result run = Cli.run("run", "ping", "--mode", "fixed", "--plan", p.toString(), "--seed", "3", "--trace", t.toString());
        assertEquals(ExitCodes.OK, run.code(), run.err());
        String trace = Files.readString(t);
        assertTrue(trace.contains("Partition[a=client, b=server]"), "the plan's partition ran");
        assertTrue(trace.contains("\"customPlan\""), "the header carries the plan");
        Files.delete(p);
        Cli.Result replay = Cli.run("replay", t.toString());
        assertEquals(ExitCodes.OK, replay.code(), replay.out() + replay.err());
        assertTrue(replay.out().contains("identical"));
    }

    @Test
    void aDuplicatingPlanMakesBuggyFailAndTheReproduceCommandNamesTheFile() throws IOException {
        Path p = plan("dup.json", planJson("\"link\":{\"lossProbability\":0.0,\"duplicateProbability\":1.0,\"delayMicrosMin\":100,\"delayMicrosMax\":5000},", ""));
        Cli.Result r = Cli.run("run", "ping", "--mode", "buggy", "--plan", p.toString(), "--seed", "1");
        assertEquals(ExitCodes.VIOLATION, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("reproduce: ./sim run ping --mode buggy --plan " + p + " --seed 1"), r.out());
        Cli.Result sweep = Cli.run("sweep", "ping", "--mode", "fixed", "--plan", p.toString(), "--seeds", "1..5", "--threads", "1");
        assertEquals(ExitCodes.OK, sweep.code(), sweep.out() + sweep.err());
    }

    private void bad(String expected, Path plan) {
        Cli.Result r = Cli.run("run", "ping", "--plan", plan.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
    }

    @Test
    void malformedPlansAreRefusedInOneLine() throws IOException {
        bad("does not exist", dir.resolve("missing.json"));
        bad("is empty", plan("empty.json", ""));
        bad("is not valid JSON", plan("broken.json", "{\"schema\": "));
        bad("has schema 'other'", plan("schema.json", "{\"schema\":\"other\",\"schemaVersion\":1,\"scenario\":\"ping\",\"faults\":[]}"));
        bad("schema version 9", plan("version.json", "{\"schema\":\"shardsim-plan\",\"schemaVersion\":9,\"scenario\":\"ping\",\"faults\":[]}"));
        bad("is for scenario 'split-stall'", plan("scenario.json", "{\"schema\":\"shardsim-plan\",\"schemaVersion\":1,\"scenario\":\"split-stall\",\"faults\":[]}"));
        bad("lossProbability must be between 0 and 1, got -0.1",
                plan("negative.json", planJson("\"link\":{\"lossProbability\":-0.1,\"duplicateProbability\":0.0,\"delayMicrosMin\":1,\"delayMicrosMax\":2},", "")));
        bad("duplicateProbability must be between 0 and 1, got 1.5",
                plan("above-one.json", planJson("\"link\":{\"lossProbability\":0.1,\"duplicateProbability\":1.5,\"delayMicrosMin\":1,\"delayMicrosMax\":2},", "")));
        bad("need 0 <= delayMicrosMin <= delayMicrosMax", plan("delay.json", planJson("\"link\":{\"lossProbability\":0,\"duplicateProbability\":0,\"delayMicrosMin\":5,\"delayMicrosMax\":2},", "")));
        bad("unknown fault kind 'meteor'", plan("kind.json", planJson(LINK, "{\"atMicros\":1,\"kind\":\"meteor\"}")));
        bad("field 'b' is missing", plan("field.json", planJson(LINK, "{\"atMicros\":1,\"kind\":\"partition\",\"a\":\"client\"}")));
        bad("unknown field 'c'", plan("extra.json", planJson(LINK, "{\"atMicros\":1,\"kind\":\"partition\",\"a\":\"client\",\"b\":\"server\",\"c\":1}")));
        bad("atMicros must not be negative", plan("time.json", planJson(LINK, "{\"atMicros\":-5,\"kind\":\"crash\",\"node\":\"server\"}")));
        bad("clog duration must be positive", plan("clog.json", planJson(LINK, "{\"atMicros\":5,\"kind\":\"clog\",\"a\":\"client\",\"b\":\"server\",\"durationMicros\":0}")));
        bad("field 'faults' is missing", plan("nofaults.json", "{\"schema\":\"shardsim-plan\",\"schemaVersion\":1,\"scenario\":\"ping\"}"));
        try (var files = Files.list(dir)) {
            assertTrue(files.allMatch(f -> f.toString().endsWith(".json")), "no output written");
        }
    }
}
