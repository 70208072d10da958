package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import shardsim.cli.io.Json;
import shardsim.cli.io.PlanFile;
import shardsim.cli.shrink.ParallelShrink;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.shrink.ShrinkBudget;
import shardsim.core.shrink.ShrinkResult;
import shardsim.scenarios.Scenarios;
import tools.jackson.databind.node.ObjectNode;

/**
 * Regression cases: every shrunk plan committed under reports/ (written by {@code sim report})
 * fails its scenario's buggy mode on every run, with the same violations, and holds in fixed
 * mode, and shrinking it again changes nothing. (That {@code sim report} still shrinks to exactly
 * these files is CI's report check.)
 */
class ShrunkPlansTest {
    static Stream<Path> plans() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Scenario s : Scenarios.all()) {
            try (Stream<Path> files = Files.list(Path.of("..", "reports", s.name()))) {
                files.filter(p -> p.getFileName().toString().startsWith("shrunk-"))
                        .sorted()
                        .forEach(out::add);
            }
        }
        assertEquals(
                2 * Scenarios.all().size(),
                out.size(),
                "a shrunk random seed and a shrunk documented plan per scenario: " + out);
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void failsTheSameWayOnEveryRunAndFixedHolds(Path file) throws IOException {
        Scenario scenario =
                Scenarios.byName(file.getParent().getFileName().toString()).orElseThrow();
        ObjectNode json = Json.object(Files.readString(file), file.toString());
        long seed = PlanFile.seed(json, file.toString()).orElseThrow();
        var plan = PlanFile.fromJson(json, file.toString(), scenario);
        RunResult first = scenario.run(RunSpec.custom(scenario.name(), "buggy", plan, seed));
        assertFalse(first.ok(), "the shrunk plan fails: ./sim run " + scenario.name() + " --mode buggy --plan " + file);
        for (int i = 0; i < 2; i++) {
            RunResult again = scenario.run(RunSpec.custom(scenario.name(), "buggy", plan, seed));
            assertEquals(first.violations(), again.violations());
            assertEquals(first.digest(), again.digest());
        }
        RunResult fixed = scenario.run(RunSpec.custom(scenario.name(), "fixed", plan, seed));
        assertTrue(
                shardsim.core.scenario.Verdict.of(scenario, fixed).claimsHold(),
                "the fix's claims hold under the shrunk plan: " + fixed.violations());
        // A shrunk plan is a fixpoint: shrinking it again keeps every fault and operation.
        ShrinkResult again = ParallelShrink.shrink(
                scenario, "buggy", seed, plan, null, ShrinkBudget.runs(1_000), 1, (n, f, o) -> {});
        assertTrue(again.minimal());
        assertEquals(plan.faults(), again.shrunk().faults());
        assertEquals(plan.workload(), again.shrunk().workload());
    }
}
