package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.io.PlanFile;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanJson;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Workload;
import shardsim.scenarios.Scenarios;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * sim-core's plan-file writer ({@link PlanJson}, used by the test kit, which has no Jackson) and
 * the command line's reader ({@link PlanFile}) agree: what one writes the other reads back as the
 * same plan, with integers as integers and doubles as doubles, and the files {@code sim report}
 * committed come out byte for byte as they were written before the writer moved.
 */
class PlanJsonRoundTripTest {
    private static CustomPlan readBack(String text, String source, Scenario scenario) {
        return PlanFile.fromJson(Json.object(text, source), source, scenario);
    }

    @Test
    void everyBuiltInPlanOfEveryScenarioReadsBackUnchanged() {
        int plans = 0;
        for (Scenario s : Scenarios.all()) {
            for (String plan : s.plans()) {
                for (long seed = 0; seed < 4; seed++) {
                    CustomPlan p = s.planOf(new RunSpec(s.name(), "buggy", plan, seed));
                    String text = PlanJson.write(p, s.name(), seed);
                    assertEquals(p, readBack(text, p.source(), s), s.name() + " " + plan + " seed " + seed);
                    assertEquals(
                            seed, PlanFile.seed(Json.object(text, "x"), "x").getAsLong());
                    assertEquals(
                            PlanFile.toJson(p, s.name(), seed),
                            Json.object(text, "x"),
                            "toJson is the core writer's text, parsed");
                    plans++;
                }
            }
        }
        assertEquals(
                4 * Scenarios.all().stream().mapToInt(s -> s.plans().size()).sum(), plans);
    }

    @Test
    void numbersKeepTheirTypes() {
        CustomPlan p = new CustomPlan(
                "x.json",
                "random",
                new LinkPolicy(0.0, 1.0, new Delay.Exponential(100, 5_000, 200_000), 77),
                FaultPlan.empty(),
                Workload.empty());
        ObjectNode o = Json.object(PlanJson.write(p, "ping", null), "x");
        JsonNode link = o.get("link");
        assertTrue(
                link.get("lossProbability").isFloatingPointNumber()
                        && link.get("duplicateProbability").isFloatingPointNumber(),
                link.toString());
        for (String f : List.of("delayMicrosMin", "delayMicrosMean", "delayMicrosMax", "capacity")) {
            assertTrue(link.get(f).isIntegralNumber(), f);
        }
        assertTrue(o.get("schemaVersion").isIntegralNumber());
        assertEquals(PlanFile.SCHEMA_VERSION, PlanJson.SCHEMA_VERSION);
        assertEquals(PlanFile.SCHEMA, PlanJson.SCHEMA);
        assertTrue(!o.has("seed") && o.get("workload").isEmpty());
    }

    /** Strings that need escaping, an int, a negative long, a double, a boolean and an enum, as a scenario's own fault. */
    @Test
    void everyComponentTypeAndAwkwardStringsRoundTrip() {
        List<String> texts = List.of(
                "plain",
                "quote \" and backslash \\",
                "line\nbreak\ttab\rcr",
                "bell \u0007 nul \u0000 esc \u001b",
                "ünïcödé ✓ 😀",
                "</script>",
                "");
        List<shardsim.core.fault.TimedFault> faults = new ArrayList<>();
        long at = 1;
        for (String t : texts) {
            faults.add(
                    new shardsim.core.fault.TimedFault(at++, new OddFault(t, 3, -5_000, 0.1 + 0.2, true, Pool.CLONE)));
        }
        faults.add(new shardsim.core.fault.TimedFault(
                at, new OddFault("x", Integer.MAX_VALUE, 7, 1e-300, false, Pool.DROP)));
        CustomPlan p = new CustomPlan("odd.json", "random", LinkPolicy.reliable(), new FaultPlan(faults), null);
        assertEquals(p, readBack(PlanJson.write(p, OddScenario.NAME, 5L), "odd.json", new OddScenario()));
    }

    /** The shrunk plans under reports/ were written by the Jackson writer PlanJson replaced; the new one gives the same bytes. */
    @Test
    void theCommittedShrunkPlansAreWrittenByteForByteAsBefore() throws IOException {
        int files = 0;
        for (Scenario s : Scenarios.all()) {
            List<Path> shrunk;
            try (Stream<Path> list = Files.list(Path.of("..", "reports", s.name()))) {
                shrunk = list.filter(f -> f.getFileName().toString().startsWith("shrunk-"))
                        .sorted()
                        .toList();
            }
            for (Path f : shrunk) {
                String committed = Files.readString(f);
                ObjectNode o = Json.object(committed, f.toString());
                CustomPlan plan = PlanFile.fromJson(o, f.toString(), s);
                long seed = PlanFile.seed(o, f.toString()).orElseThrow();
                assertEquals(committed, PlanFile.toJson(plan, s.name(), seed).toPrettyString() + "\n", f.toString());
                files++;
            }
        }
        assertEquals(2 * Scenarios.all().size(), files);
    }

    /** The line the test kit prints for a failing property runs as written and fails the same way. */
    @Test
    void theTestKitsReplayLineReplaysThroughTheCommandLine() {
        Scenario s = Scenarios.byName("version-skew").orElseThrow();
        CustomPlan p = s.planOf(new RunSpec(s.name(), "buggy", "documented", 0));
        RunResult r = shardsim.testkit.Replay.run(s, "buggy", p, 3);
        String message = shardsim.testkit.Replay.describe(s, "buggy", p, 3, r);
        String line = message.substring(message.indexOf("\nreplay: ./sim ") + "\nreplay: ./sim ".length());
        Cli.Result replay = Cli.run(Scenarios.all(), line.split(" "));
        assertEquals(ExitCodes.VIOLATION, replay.code(), replay.out() + replay.err());
        for (var v : r.violations()) {
            assertTrue(replay.out().contains(v.invariant()), v + " in " + replay.out());
        }
    }

    enum Pool {
        DROP,
        CLONE
    }

    record OddFault(
            String text,
            int count,

            @shardsim.core.kind.Quantity(shardsim.core.kind.Unit.SKEW_MICROS)
            long skewMicros,

            double share,
            boolean on,
            Pool pool)
            implements Fault {}

    /** Just enough of a scenario for the reader to know the odd fault's kind. */
    static final class OddScenario implements Scenario {
        static final String NAME = "odd";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "a reader's fixture";
        }

        @Override
        public List<String> modes() {
            return List.of("fixed");
        }

        @Override
        public List<String> plans() {
            return List.of("random");
        }

        @Override
        public List<shardsim.core.check.Rule> invariants() {
            return List.of();
        }

        @Override
        public List<Class<? extends Fault>> faultKinds() {
            return List.of(OddFault.class);
        }

        @Override
        public RunResult run(RunSpec spec, Trace trace) {
            throw new UnsupportedOperationException("never run");
        }
    }
}
