package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import shardsim.core.aim.AimProfile;
import shardsim.core.aim.AimedShot;
import shardsim.core.aim.Targeting;
import shardsim.core.aim.Window;
import shardsim.core.aim.WindowListener;
import shardsim.core.run.SimulatedScenario;
import shardsim.core.run.StagedRun;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;
import shardsim.testkit.PlanOfContract;

/**
 * Plan {@code targeted} over every built-in scenario: the model announces its windows, aiming
 * places faults only inside them and within its limits, {@code random} never aims, a targeted run
 * is deterministic, and its plan given back as data replays it event for event.
 */
class TargetedAcrossScenariosTest {
    private static final long SEEDS = 12;

    /** The window kinds each scenario's model announces. */
    private static final Map<String, List<String>> KINDS = Map.of(
            "version-skew", List.of("CreateTableOnShard", "DropTableOnShard", "OpenShard"),
            "drop-after-clone", List.of("CLONE", "DROP"),
            "split-stall", List.of("PRE_SPLIT"));

    static List<Scenario> scenarios() {
        return Scenarios.all();
    }

    /** What a run announced and aimed: every window with its open and close times, and the aimed faults that fired. */
    private record Seen(
            RunResult result,
            Map<Long, long[]> windows,
            Map<String, Integer> kinds,
            List<AimedShot> fired,
            int planned,
            long digest) {}

    private static Seen run(Scenario scenario, RunSpec spec) {
        SimulatedScenario<?, ?, ?> s = (SimulatedScenario<?, ?, ?>) scenario;
        Trace trace = Trace.digestOnly();
        StagedRun<?, ?> run = s.stage(spec, trace);
        Map<Long, long[]> windows = new LinkedHashMap<>();
        Map<String, Integer> kinds = new TreeMap<>();
        run.sim().windows().listen(new WindowListener() {
            @Override
            public void opened(Window w) {
                windows.put(w.id(), new long[] {w.openedMicros(), Long.MAX_VALUE});
                kinds.merge(w.kind(), 1, Integer::sum);
            }

            @Override
            public void closed(Window w, long atMicros) {
                windows.get(w.id())[1] = atMicros;
            }
        });
        RunResult r = run.finish();
        Targeting t = run.targeting().orElse(null);
        return new Seen(
                r, windows, kinds, t == null ? List.of() : t.fired(), t == null ? 0 : t.planned(), trace.digest());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void everyScenarioListsTargetedAndAnnouncesItsWindows(Scenario scenario) {
        assertTrue(scenario.plans().contains(Plans.TARGETED), scenario.plans().toString());
        Map<String, Integer> kinds = new TreeMap<>();
        for (long seed = 0; seed < SEEDS; seed++) {
            run(scenario, new RunSpec(scenario.name(), Plans.FIXED, Plans.RANDOM, seed))
                    .kinds()
                    .forEach((k, n) -> kinds.merge(k, n, Integer::sum));
        }
        assertEquals(
                KINDS.get(scenario.name()),
                List.copyOf(kinds.keySet()).stream()
                        .sorted((a, b) -> KINDS.get(scenario.name()).indexOf(a)
                                - KINDS.get(scenario.name()).indexOf(b))
                        .toList(),
                "window kinds announced in random runs: " + kinds);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void targetedAimsOnlyInsideWindowsAndWithinItsLimits(Scenario scenario) {
        SimulatedScenario<?, ?, ?> s = (SimulatedScenario<?, ?, ?>) scenario;
        int fired = 0;
        for (String mode : List.of(Plans.BUGGY, Plans.FIXED)) {
            for (long seed = 0; seed < SEEDS; seed++) {
                RunSpec spec = new RunSpec(scenario.name(), mode, Plans.TARGETED, seed);
                AimProfile profile = s.aimProfileFor(spec);
                Seen seen = run(scenario, spec);
                assertTrue(
                        seen.planned() <= profile.limits().perRun(),
                        shardsim.testkit.Replay.command(spec) + ": " + seen.planned());
                Map<Long, Integer> perWindow = new TreeMap<>();
                for (AimedShot shot : seen.fired()) {
                    if (!shot.start()) {
                        continue;
                    }
                    fired++;
                    long[] w = seen.windows().get(shot.window().id());
                    assertTrue(
                            w[0] < shot.atMicros() && shot.atMicros() <= w[1],
                            shardsim.testkit.Replay.command(spec) + ": " + shot + " outside its window " + w[0] + ".."
                                    + w[1]);
                    perWindow.merge(shot.window().id(), 1, Integer::sum);
                }
                perWindow.forEach((id, n) -> assertTrue(
                        n <= profile.limits().perWindow(),
                        shardsim.testkit.Replay.command(spec) + ": window " + id + " got " + n));
                assertEquals(
                        seen.result().digestHex(),
                        run(scenario, spec).result().digestHex(),
                        shardsim.testkit.Replay.command(spec) + ": same seed, same run");
            }
        }
        assertTrue(
                fired > 2 * SEEDS, scenario.name() + ": aiming fired " + fired + " faults in " + 2 * SEEDS + " runs");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void randomNeverAims(Scenario scenario) {
        SimulatedScenario<?, ?, ?> s = (SimulatedScenario<?, ?, ?>) scenario;
        for (long seed = 0; seed < SEEDS; seed++) {
            RunSpec spec = new RunSpec(scenario.name(), Plans.BUGGY, Plans.RANDOM, seed);
            assertNull(s.aimProfileFor(spec));
            assertFalse(s.aimsFaultsFor(spec));
            StagedRun<?, ?> run = s.stage(spec, Trace.digestOnly());
            assertTrue(run.targeting().isEmpty(), shardsim.testkit.Replay.command(spec));
            RunResult r = run.finish();
            assertFalse(r.params().containsKey("aim"), shardsim.testkit.Replay.command(spec));
            assertEquals(0, run.aimed().size(), shardsim.testkit.Replay.command(spec));
            assertTrue(
                    run.sim().windows().opened() > 0,
                    shardsim.testkit.Replay.command(spec) + ": windows are announced all the same");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void thePlanOfATargetedRunReplaysIt(Scenario scenario) {
        List<String> differences = new ArrayList<>();
        for (String mode : List.of(Plans.BUGGY, Plans.FIXED)) {
            for (long seed = 0; seed < 2 * SEEDS; seed++) {
                PlanOfContract.difference(scenario, new RunSpec(scenario.name(), mode, Plans.TARGETED, seed))
                        .ifPresent(differences::add);
            }
        }
        assertEquals(List.of(), differences, differences.size() + " of " + 4 * SEEDS + " runs differ");
    }
}
