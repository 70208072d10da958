package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import shardsim.core.explore.ExploreResult;
import shardsim.core.explore.Explorer;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * Exploration against random on the same budget of runs, judged by PIT over the same mutants
 * ({@code scripts/mutation explore}, README "Mutation score of the checks"). With N runs:
 * {@code ...Random} sweeps the fixed mode over seeds {@code 0..N-1} of {@code random}: the mutants
 * it misses are the ones of interest. On those, two more budgets of N runs compete:
 * {@code ...RandomNext}, seeds {@code N..2N-1}, and {@code ...Explore}, {@code sim explore}'s
 * {@link Explorer} on the fixed mode for N runs from seed N (its fresh plans are those seeds of the
 * plan {@code -Dshardsim.mutation.explore.plan} names, {@code random} unless told, the rest mutants
 * of its corpus). A fourth budget, {@code ...TargetedNext}, seeds {@code N..2N-1} of
 * {@code targeted}, is not a competitor but a yardstick: when exploration starts from aimed plans,
 * it shows how much of what exploration kills the aiming alone would have killed. Each fails at its
 * first failing run: a violation
 * that is not a residual gap (the run budget included, as the explorer counts it), or an exception.
 * PIT's full mutation matrix says which of them killed each mutant. One scenario per run
 * ({@code -Dshardsim.mutation.scenario}). Tagged {@code mutation}: only PIT runs it.
 */
@Tag("mutation")
class ExploreVsRandomMutationTest {
    static final int DEFAULT_RUNS = 1_000;

    /** Runs per method; {@code -Dshardsim.mutation.runs=N}. */
    static int runs() {
        return Integer.getInteger("shardsim.mutation.runs", DEFAULT_RUNS);
    }

    /** The plan whose seeds give the explorer its fresh plans; {@code -Dshardsim.mutation.explore.plan=NAME}. */
    static String explorePlan() {
        return System.getProperty("shardsim.mutation.explore.plan", Plans.RANDOM);
    }

    static String sweepFailure(Scenario s, String plan, long from, int runs) {
        for (long seed = from; seed < from + runs; seed++) {
            RunSpec spec = new RunSpec(s.name(), Plans.FIXED, plan, seed);
            RunResult r;
            try {
                r = s.run(spec);
            } catch (OutOfMemoryError e) {
                throw e;
            } catch (RuntimeException | Error e) {
                return shardsim.testkit.Replay.command(spec) + ": threw " + e;
            }
            if (!shardsim.core.scenario.Verdict.of(s, r).claimsHold()) {
                return shardsim.testkit.Replay.command(spec) + ": " + r.violations();
            }
        }
        return null;
    }

    static String exploreFailure(Scenario s, String plan, long from, int runs) {
        ExploreResult r = Explorer.firstFailure(s, Plans.FIXED, plan, from, runs);
        return r.foundFailure() ? "explore found a failure at run " + r.firstFailureRun() + ": " + r.findings() : null;
    }

    private static void sweep(String scenario, String plan, long from) {
        String f = sweepFailure(Scenarios.byName(scenario).orElseThrow(), plan, from, runs());
        if (f != null) {
            fail(f);
        }
    }

    private static void explore(String scenario) {
        String f = exploreFailure(Scenarios.byName(scenario).orElseThrow(), explorePlan(), runs(), runs());
        if (f != null) {
            fail(f);
        }
    }

    /** The scenario; {@code -Dshardsim.mutation.scenario=NAME} (one per PIT run: JUnit runs every method while PIT discovers them). */
    static String scenario() {
        return System.getProperty("shardsim.mutation.scenario", "version-skew");
    }

    @Test
    void random() {
        sweep(scenario(), Plans.RANDOM, 0);
    }

    @Test
    void randomNext() {
        sweep(scenario(), Plans.RANDOM, runs());
    }

    @Test
    void targetedNext() {
        sweep(scenario(), Plans.TARGETED, runs());
    }

    @Test
    void explore() {
        explore(scenario());
    }
}
