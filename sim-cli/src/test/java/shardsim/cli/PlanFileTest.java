package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;

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
        return "{\"schema\":\"shardsim-plan\",\"schemaVersion\":1,\"scenario\":\"ping\"," + link + "\"faults\":["
                + faults + "]}";
    }

    private static final String LINK =
            "\"link\":{\"lossProbability\":0.0,\"duplicateProbability\":0.0,\"delayMicrosMin\":100,\"delayMicrosMax\":5000},";
    private static final String PARTITION =
            "{\"atMicros\":200000,\"kind\":\"partition\",\"a\":\"client\",\"b\":\"server\"},"
                    + "{\"atMicros\":900000,\"kind\":\"partition-end\",\"a\":\"client\",\"b\":\"server\"}";

    @Test
    void aPlanFileRunsItsFaultsAndTheTraceReplaysWithoutTheFile() throws IOException {
        Path p = plan("p.json", planJson(LINK, PARTITION));
        Path t = dir.resolve("t.jsonl");
        Cli.Result run = Cli.run(
                "run", "ping", "--mode", "fixed", "--plan", p.toString(), "--seed", "3", "--trace", t.toString());
        assertEquals(ExitCodes.OK, run.code(), run.err());
        String trace = Files.readString(t);
        assertTrue(trace.contains("Partition[a=client, b=server]"), "the plan's partition ran");
        assertTrue(trace.contains("End[start=Partition[a=client, b=server]]"), "and its end");
        assertTrue(trace.contains("\"customPlan\""), "the header carries the plan");
        Files.delete(p);
        Cli.Result replay = Cli.run("replay", t.toString());
        assertEquals(ExitCodes.OK, replay.code(), replay.out() + replay.err());
        assertTrue(replay.out().contains("identical"));
    }

    @Test
    void aDuplicatingPlanMakesBuggyFailAndTheReproduceCommandNamesTheFile() throws IOException {
        Path p = plan(
                "dup.json",
                planJson(
                        "\"link\":{\"lossProbability\":0.0,\"duplicateProbability\":1.0,\"delayMicrosMin\":100,\"delayMicrosMax\":5000},",
                        ""));
        Cli.Result r = Cli.run("run", "ping", "--mode", "buggy", "--plan", p.toString(), "--seed", "1");
        assertEquals(ExitCodes.VIOLATION, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("reproduce: ./sim run ping --mode buggy --plan " + p + " --seed 1"), r.out());
        Cli.Result sweep = Cli.run(
                "sweep", "ping", "--mode", "fixed", "--plan", p.toString(), "--seeds", "1..5", "--threads", "1");
        assertEquals(ExitCodes.OK, sweep.code(), sweep.out() + sweep.err());
    }

    /** Version 2 writes every delay shape, the base, the seed and the workload, and reads them back unchanged. */
    @Test
    void versionTwoRoundTrips() {
        var scenario = new shardsim.cli.testing.PingScenario();
        var faults = shardsim.core.fault.FaultPlan.builder()
                .at(5, new shardsim.core.fault.NodeFault.Crash("server"))
                .at(9, new shardsim.core.fault.NodeFault.Restart("server"))
                .lasting(3, 11, new shardsim.core.fault.NetFault.Partition("client", "server"))
                .lasting(4, 12, new shardsim.core.fault.NetFault.PartitionOneWay("server", "client"))
                .build();
        for (shardsim.core.net.Delay d : java.util.List.of(
                new shardsim.core.net.Delay.Fixed(1_000),
                new shardsim.core.net.Delay.Uniform(10, 20),
                new shardsim.core.net.Delay.Exponential(100, 5_000, 200_000))) {
            var link = new shardsim.core.net.LinkPolicy(0.25, 0.125, d, 77);
            var plan = new shardsim.core.scenario.CustomPlan(
                    "x.json", "swarm", link, faults, shardsim.core.workload.Workload.empty());
            var json = shardsim.cli.io.PlanFile.toJson(plan, "ping", 42L);
            assertTrue(
                    json.toString()
                            .contains("\"kind\":\"partition-one-way-end\",\"from\":\"server\",\"to\":\"client\""),
                    json.toString());
            assertEquals(42L, shardsim.cli.io.PlanFile.seed(json, "x.json").getAsLong());
            assertEquals(plan, shardsim.cli.io.PlanFile.fromJson(json, "x.json", scenario));
        }
        var noWorkload =
                new shardsim.core.scenario.CustomPlan("y.json", shardsim.core.net.LinkPolicy.reliable(), faults);
        var back = shardsim.cli.io.PlanFile.fromJson(
                shardsim.cli.io.PlanFile.toJson(noWorkload, "ping"), "y.json", scenario);
        assertEquals(noWorkload, back);
        assertFalse(back.hasWorkload(), "no workload stays drawn from the seed");
    }

    @Test
    void theSeedAPlanFileNamesIsTheDefault() throws IOException {
        Path p = plan(
                "seeded.json",
                "{\"schema\":\"shardsim-plan\",\"schemaVersion\":2,\"scenario\":\"ping\",\"seed\":7," + LINK
                        + "\"faults\":[]}");
        Cli.Result r = Cli.run("run", "ping", "--mode", "fixed", "--plan", p.toString());
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertTrue(r.out().contains("seed 7"), r.out());
        Cli.Result given = Cli.run("run", "ping", "--mode", "fixed", "--plan", p.toString(), "--seed", "3");
        assertTrue(given.out().contains("seed 3"), given.out());
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
        bad(
                "has schema 'other'",
                plan("schema.json", "{\"schema\":\"other\",\"schemaVersion\":1,\"scenario\":\"ping\",\"faults\":[]}"));
        bad(
                "schema version 9",
                plan(
                        "version.json",
                        "{\"schema\":\"shardsim-plan\",\"schemaVersion\":9,\"scenario\":\"ping\",\"faults\":[]}"));
        bad(
                "is for scenario 'split-stall'",
                plan(
                        "scenario.json",
                        "{\"schema\":\"shardsim-plan\",\"schemaVersion\":1,\"scenario\":\"split-stall\",\"faults\":[]}"));
        bad(
                "lossProbability must be between 0 and 1, got -0.1",
                plan(
                        "negative.json",
                        planJson(
                                "\"link\":{\"lossProbability\":-0.1,\"duplicateProbability\":0.0,\"delayMicrosMin\":1,\"delayMicrosMax\":2},",
                                "")));
        bad(
                "duplicateProbability must be between 0 and 1, got 1.5",
                plan(
                        "above-one.json",
                        planJson(
                                "\"link\":{\"lossProbability\":0.1,\"duplicateProbability\":1.5,\"delayMicrosMin\":1,\"delayMicrosMax\":2},",
                                "")));
        bad(
                "need 0 <= delayMicrosMin <= delayMicrosMax",
                plan(
                        "delay.json",
                        planJson(
                                "\"link\":{\"lossProbability\":0,\"duplicateProbability\":0,\"delayMicrosMin\":5,\"delayMicrosMax\":2},",
                                "")));
        bad("unknown fault kind 'meteor'", plan("kind.json", planJson(LINK, "{\"atMicros\":1,\"kind\":\"meteor\"}")));
        bad(
                "unknown fault kind 'clog-end': clog does not last, so nothing ends it",
                plan(
                        "clog-end.json",
                        planJson(
                                LINK,
                                "{\"atMicros\":1,\"kind\":\"clog-end\",\"a\":\"client\",\"b\":\"server\",\"durationMicros\":5}")));
        bad(
                "unknown fault kind 'meteor-end' (known: ",
                plan("meteor-end.json", planJson(LINK, "{\"atMicros\":1,\"kind\":\"meteor-end\"}")));
        bad(
                "unknown fault kind 'heal' (known: clock-skew, clog, crash, downgrade, partition, partition-end, partition-one-way, partition-one-way-end, restart, set-link, upgrade",
                plan(
                        "heal.json",
                        planJson(LINK, "{\"atMicros\":1,\"kind\":\"heal\",\"a\":\"client\",\"b\":\"server\"}")));
        bad(
                "field 'b' is missing",
                plan("end-field.json", planJson(LINK, "{\"atMicros\":1,\"kind\":\"partition-end\",\"a\":\"client\"}")));
        bad(
                "unknown field 'c' for kind partition-end",
                plan(
                        "end-extra.json",
                        planJson(
                                LINK,
                                "{\"atMicros\":1,\"kind\":\"partition-end\",\"a\":\"client\",\"b\":\"server\",\"c\":1}")));
        bad(
                "field 'b' is missing",
                plan("field.json", planJson(LINK, "{\"atMicros\":1,\"kind\":\"partition\",\"a\":\"client\"}")));
        bad(
                "unknown field 'c'",
                plan(
                        "extra.json",
                        planJson(
                                LINK,
                                "{\"atMicros\":1,\"kind\":\"partition\",\"a\":\"client\",\"b\":\"server\",\"c\":1}")));
        bad(
                "atMicros must be between 0 and 1000000000000, got -5",
                plan("time.json", planJson(LINK, "{\"atMicros\":-5,\"kind\":\"crash\",\"node\":\"server\"}")));
        bad(
                "clog duration must be positive",
                plan(
                        "clog.json",
                        planJson(
                                LINK,
                                "{\"atMicros\":5,\"kind\":\"clog\",\"a\":\"client\",\"b\":\"server\",\"durationMicros\":0}")));
        bad(
                "field 'faults' is missing",
                plan("nofaults.json", "{\"schema\":\"shardsim-plan\",\"schemaVersion\":1,\"scenario\":\"ping\"}"));
        bad(
                "unknown field 'fualts'",
                plan(
                        "top.json",
                        "{\"schema\":\"shardsim-plan\",\"schemaVersion\":2,\"scenario\":\"ping\",\"faults\":[],\"fualts\":[]}"));
        bad(
                "unknown base 'chaos'",
                plan(
                        "base.json",
                        "{\"schema\":\"shardsim-plan\",\"schemaVersion\":2,\"scenario\":\"ping\",\"base\":\"chaos\",\"faults\":[]}"));
        bad(
                "unknown operation kind 'write'",
                plan(
                        "op.json",
                        "{\"schema\":\"shardsim-plan\",\"schemaVersion\":2,\"scenario\":\"ping\",\"faults\":[],\"workload\":[{\"atMicros\":1,\"kind\":\"write\"}]}"));
        bad(
                "give either delayMicros (fixed) or delayMicrosMin",
                plan(
                        "fixed.json",
                        planJson(
                                "\"link\":{\"lossProbability\":0,\"duplicateProbability\":0,\"delayMicros\":5,\"delayMicrosMax\":2},",
                                "")));
        bad(
                "delayMicrosMean must be between 1 and 1000000000000, got 0",
                plan(
                        "mean.json",
                        planJson(
                                "\"link\":{\"lossProbability\":0,\"duplicateProbability\":0,\"delayMicrosMin\":1,\"delayMicrosMean\":0,\"delayMicrosMax\":2},",
                                "")));
        try (var files = Files.list(dir)) {
            assertTrue(files.allMatch(f -> f.toString().endsWith(".json")), "no output written");
        }
    }
}
