package shardsim.core.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fixture.LockFixture;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanJson;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.shrink.ShrinkBudget;
import shardsim.core.shrink.ShrinkResult;
import shardsim.core.shrink.Shrinker;
import shardsim.core.workload.TimedOperation;

/**
 * The explorer on a combination lock: each digit of the code in is a new abstract state, so a
 * search that keeps plans reaching new states walks to the bug, while fresh plans (a plain sweep)
 * need the six digits in a row by chance (about one plan in 50,000).
 */
class ExplorerTest {
    private static final LockFixture LOCK = new LockFixture();
    /** An explorer seed whose search opens the lock within {@link #BUDGET} runs (computed by the code, then fixed here). */
    private static final long SEED = 4_000;

    private static final int BUDGET = 5_000;

    private static ExploreResult explore(ExploreConfig config, Explorer.Runner runner) {
        return new Explorer(config).explore(runner, Explorer.Listener.NONE, () -> false);
    }

    @Test
    void guidedSearchOpensTheLockThatAsManyFreshPlansDoNot() {
        ExploreResult guided = Explorer.firstFailure(LOCK, "buggy", "random", SEED, BUDGET);
        assertTrue(guided.foundFailure(), "the guided search should open the lock within " + BUDGET + " runs");
        assertEquals("L1", guided.findings().get(0).signature());
        assertEquals(guided.firstFailureRun(), guided.runs(), "it stops at the first failure");
        assertEquals(7, guided.tally().stateCount(), "every digit of the code was in at some point");

        ExploreResult sweep = explore(
                ExploreConfig.of(LOCK, "buggy", "random", SEED, BUDGET)
                        .stoppingAtFirstFailure()
                        .withLimits(ExploreLimits.DEFAULTS.withFreshPerMille(1_000)),
                Explorer.serial(LOCK));
        assertFalse(sweep.foundFailure(), "fresh plans alone should not open the lock in " + BUDGET + " runs");
        assertEquals(BUDGET, sweep.runs());
        assertEquals(BUDGET, sweep.freshRuns());
        assertTrue(sweep.tally().stateCount() < guided.tally().stateCount());
    }

    @Test
    void aFoundPlanReplaysToTheSameViolationsAndShrinksToTheCode() {
        Finding f = Explorer.firstFailure(LOCK, "buggy", "random", SEED, BUDGET)
                .findings()
                .get(0);
        RunResult again = LOCK.run(RunSpec.custom(LOCK.name(), "buggy", f.plan(), f.seed()));
        assertEquals(f.violations(), again.violations());

        Shrinker.Runner runner = plans -> {
            List<RunResult> out = new ArrayList<>();
            for (CustomPlan p : plans) {
                out.add(LOCK.run(RunSpec.custom(LOCK.name(), "buggy", p, f.seed())));
            }
            return out;
        };
        ShrinkResult shrunk =
                new Shrinker(runner, ShrinkBudget.runs(20_000), 1, (n, a, b) -> {}).shrink(f.plan(), null);
        assertEquals("L1", shrunk.invariant());
        List<Integer> digits = new ArrayList<>();
        for (TimedOperation op : shrunk.shrunk().workload().operations()) {
            digits.add(((LockFixture.Press) op.operation()).digit());
        }
        assertEquals(List.of(3, 1, 4, 1, 5, 9), digits);
    }

    @Test
    void theSearchDoesNotDependOnHowABatchIsRun() {
        ExploreConfig config = ExploreConfig.of(LOCK, "buggy", "random", 7, 600);
        ExploreResult serial = explore(config, Explorer.serial(LOCK));
        // Runs the batch last to first, as threads might finish, and hands the outcomes back in order.
        Explorer.Runner backwards = specs -> {
            List<Outcome> out = new ArrayList<>();
            for (int i = specs.size() - 1; i >= 0; i--) {
                out.add(Outcome.of(LOCK, specs.get(i)));
            }
            Collections.reverse(out);
            return out;
        };
        ExploreResult reversed = explore(config, backwards);
        assertEquals(describe(serial), describe(reversed));
        assertEquals(
                describe(serial),
                describe(explore(config, Explorer.serial(LOCK))),
                "the same config explores the same way twice");
        assertTrue(serial.corpusSize() > 0);
    }

    private static String describe(ExploreResult r) {
        StringBuilder b = new StringBuilder();
        b.append(r.runs())
                .append(' ')
                .append(r.freshRuns())
                .append(' ')
                .append(r.corpusSize())
                .append(' ')
                .append(r.failingRuns())
                .append(' ')
                .append(r.firstFailureRun())
                .append(' ')
                .append(r.growth())
                .append(' ')
                .append(r.tally().stateRuns(LockFixture.SPACE.name()));
        for (Finding f : r.findings()) {
            b.append('\n')
                    .append(f.run())
                    .append(' ')
                    .append(f.signature())
                    .append(' ')
                    .append(f.count())
                    .append(' ')
                    .append(f.origin())
                    .append('\n')
                    .append(PlanJson.write(f.plan(), LOCK.name(), f.seed()));
        }
        for (ExploreResult.MutationUse u : r.mutations()) {
            b.append('\n').append(u);
        }
        return b.toString();
    }

    @Test
    void withEveryCandidateFreshItIsASweepOfTheSeedsInOrder() {
        List<RunSpec> ran = new ArrayList<>();
        Explorer.Runner recording = specs -> {
            ran.addAll(specs);
            return Explorer.serial(LOCK).run(specs);
        };
        ExploreResult r = explore(
                ExploreConfig.of(LOCK, "buggy", "random", 100, 40)
                        .withLimits(ExploreLimits.DEFAULTS.withFreshPerMille(1_000)),
                recording);
        assertEquals(40, r.runs());
        for (int i = 0; i < ran.size(); i++) {
            RunSpec spec = ran.get(i);
            assertEquals(100 + i, spec.seed());
            RunResult asData = LOCK.run(spec);
            RunResult builtIn = LOCK.run(new RunSpec(LOCK.name(), "buggy", "random", 100 + i));
            assertEquals(builtIn.events(), asData.events());
            assertEquals(builtIn.violations(), asData.violations());
        }
    }

    @Test
    void theFixedModeFindsNothingAndEveryMutationIsUsed() {
        ExploreResult r = explore(ExploreConfig.of(LOCK, "fixed", "random", 0, 2_000), Explorer.serial(LOCK));
        assertFalse(r.foundFailure());
        assertEquals(0, r.failingRuns());
        assertTrue(r.findings().isEmpty());
        assertEquals(Mutation.values().length, r.mutations().size());
        for (ExploreResult.MutationUse u : r.mutations()) {
            assertTrue(u.candidates() > 0, u.mutation() + " was never used");
        }
    }

    @Test
    void mutantsStayInsideTheEnvelopeOfTheGeneratedPlans() {
        List<RunSpec> ran = new ArrayList<>();
        Explorer.Runner recording = specs -> {
            ran.addAll(specs);
            return Explorer.serial(LOCK).run(specs);
        };
        explore(ExploreConfig.of(LOCK, "fixed", "random", 0, 1_500), recording);
        long from = LockFixture.SECOND;
        long to = 20 * LockFixture.SECOND;
        int clogs = 0;
        for (RunSpec s : ran) {
            for (shardsim.core.fault.TimedFault f : s.custom().faults().faults()) {
                // A generated end may fall on the window's end itself (the quiet tail starts there).
                assertTrue(f.atMicros() >= from && f.atMicros() <= to, "fault inside the window: " + f);
                if (f.fault() instanceof shardsim.core.fault.NetFault.Clog c) {
                    clogs++;
                    assertTrue(f.atMicros() + c.durationMicros() <= to, "a clog ends before the quiet tail: " + f);
                }
                if (f.fault() instanceof shardsim.core.fault.NodeFault.ClockSkew k) {
                    assertTrue(
                            Math.abs(k.skewMicros()) <= shardsim.core.fault.FaultIntensity.SWARM_MAX_SKEW_MICROS.max(),
                            "skew within swarm's: " + f);
                }
            }
            assertTrue(s.custom().link().lossProbability()
                    <= shardsim.core.scenario.ChaosProfile.SWARM_MAX_LINK_PROBABILITY);
            assertTrue(s.custom().link().duplicateProbability()
                    <= shardsim.core.scenario.ChaosProfile.SWARM_MAX_LINK_PROBABILITY);
            assertTrue(s.custom().link().delay().maxMicros()
                    <= shardsim.core.scenario.ChaosProfile.SWARM_DELAY_MAX_MICROS.max());
        }
        assertTrue(clogs > 0, "the exploration tried clogs");
    }

    @Test
    void plansAndTheCorpusStayWithinTheirLimits() {
        ExploreLimits small = new ExploreLimits(4, 3, 40, 30, 4, 100, 2);
        List<RunSpec> ran = new ArrayList<>();
        Explorer.Runner recording = specs -> {
            ran.addAll(specs);
            return Explorer.serial(LOCK).run(specs);
        };
        ExploreResult r =
                explore(ExploreConfig.of(LOCK, "buggy", "random", 0, 400).withLimits(small), recording);
        assertTrue(r.corpusSize() <= 3);
        assertTrue(r.findings().size() <= 2);
        for (RunSpec s : ran) {
            assertTrue(
                    s.custom().faults().size() <= 40,
                    "faults " + s.custom().faults().size());
            assertTrue(
                    s.custom().operationCount() <= 30,
                    "operations " + s.custom().operationCount());
        }
    }

    @Test
    void aRunThatThrowsIsAFindingWithItsPlan() {
        Scenario throwing = new ThrowsOnSeed3();
        ExploreResult r = explore(
                ExploreConfig.of(throwing, "fixed", "random", 0, 8)
                        .withLimits(ExploreLimits.DEFAULTS.withFreshPerMille(1_000)),
                Explorer.serial(throwing));
        assertEquals(1, r.failingRuns());
        assertEquals(4, r.firstFailureRun());
        Finding f = r.findings().get(0);
        assertEquals("exception java.lang.IllegalStateException", f.signature());
        assertEquals("java.lang.IllegalStateException: model bug second line", f.error());
        assertEquals(3, f.seed());
        assertNull(
                Outcome.of(LOCK, new RunSpec(LOCK.name(), "fixed", "random", 3)).error());
    }

    /** The lock, except that the run of seed 3 throws, as a model with a bug might. */
    private static final class ThrowsOnSeed3 implements Scenario {
        @Override
        public String name() {
            return LOCK.name();
        }

        @Override
        public String description() {
            return LOCK.description();
        }

        @Override
        public List<String> modes() {
            return LOCK.modes();
        }

        @Override
        public List<String> plans() {
            return LOCK.plans();
        }

        @Override
        public List<shardsim.core.check.Rule> invariants() {
            return LOCK.invariants();
        }

        @Override
        public CustomPlan planOf(RunSpec spec) {
            return LOCK.planOf(spec);
        }

        @Override
        public shardsim.core.scenario.WorldNames worldNames(RunSpec spec) {
            return LOCK.worldNames(spec);
        }

        @Override
        public RunResult run(RunSpec spec, shardsim.core.trace.Trace trace) {
            if (spec.seed() == 3) {
                throw new IllegalStateException("model bug\nsecond line");
            }
            return LOCK.run(spec, trace);
        }
    }
}
