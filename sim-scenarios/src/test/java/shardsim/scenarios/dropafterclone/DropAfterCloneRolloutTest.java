package shardsim.scenarios.dropafterclone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import shardsim.core.rollout.Order;
import shardsim.core.rollout.Outcome;
import shardsim.core.rollout.Rollout;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;
import shardsim.scenarios.dropafterclone.checks.DorisChecks;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;

/**
 * Rolling the fix out (buggy to fixed over the seed's random plan, as {@code sim upgrades} does):
 * every order fails from its first step on, each at its smallest failing seed with the recorded
 * invariant and window, and every order but the rollback also fails on seeds where the same
 * restarts on the old code hold (the core's verdict: unsafe). No order is safe; what an operator can
 * do is pause balance, as Doris's upgrade guide asks: with balance moves paused for the rollout and
 * two tablet report rounds after it, BEs first, FE first and node by node hold on seeds 0..199 (a CI
 * sweep), while all at once still fails on 1 of them (seed 8: a copy of id 0 from before the fix
 * outlives the pause, a clone back onto it misses no version and ends at once, so the under-clone
 * guard no longer covers the FE's DROP with id 0, which deletes it). Seeds re-found for issue 39
 * (the finish retries, the FIFO report queue, the version-aware clone), and again when the FE and
 * the BEs began to take each thrift call once (the link's duplicates dropped) and D13 became a gap,
 * by a probe over each order's seeds from 0 up.
 */
class DropAfterCloneRolloutTest {
    private static final DropAfterCloneScenario SCENARIO = new DropAfterCloneScenario();
    /** Balance stays off this long after the last step: two tablet report rounds (report_tablet_interval_seconds 60). */
    static final long PAUSE_AFTER_MICROS = 120 * DorisConfig.SECOND;

    private static Rollout rollout(String order, long seed) {
        List<Order> orders = Order.of(SCENARIO.worldRoles(new RunSpec(SCENARIO.name(), "buggy", Plans.RANDOM, seed)));
        return Rollout.of(SCENARIO, Plans.RANDOM, "buggy", "fixed", Order.named(orders, order), seed);
    }

    /** The smallest seed of each order that fails from the first step on (the old code may fail there too). */
    @ParameterizedTest
    @CsvSource({
        "all-at-once, 2, D1, AFTER",
        "be-first, 2, D1, MIXED",
        "fe-first, 2, D1, MIXED",
        "node-by-node, 2, D1, MIXED",
        "rollback, 8, D1, AFTER",
    })
    void everyOrderFailsFromItsFirstStepOnAtItsSmallestSeed(String order, long seed, String invariant, String window) {
        Outcome o = Outcome.run(SCENARIO, rollout(order, seed));
        assertNotNull(o.first(), order + " seed " + seed + " holds");
        assertEquals(invariant, o.first().invariant());
        assertEquals(Rollout.Window.valueOf(window), o.window());
        for (long smaller = 0; smaller < seed; smaller++) {
            assertFalse(
                    Outcome.run(SCENARIO, rollout(order, smaller)).failsInRollout(),
                    order + ": seed " + smaller + " fails from the first step on");
        }
    }

    /**
     * What makes an order unsafe: the smallest seed whose rollout fails from the first step on
     * while the same restarts on the old code hold ({@link Outcome#introduced}). Seeds below 200 are
     * checked here to be the smallest; all at once first does so at seed 423 (found by the same
     * probe; too far for a unit test to walk).
     */
    @ParameterizedTest
    @CsvSource({
        "all-at-once, 423, D1, AFTER",
        "be-first, 34, D1, AFTER",
        "fe-first, 74, D8, MIXED",
        "node-by-node, 34, D1, AFTER",
    })
    void anUnsafeOrderFailsWhereTheOldCodeHoldsAtItsSmallestSeed(
            String order, long seed, String invariant, String window) {
        Outcome o = Outcome.run(SCENARIO, rollout(order, seed));
        assertTrue(o.introduced(), order + " seed " + seed + ": " + o);
        assertEquals(invariant, o.first().invariant());
        assertEquals(Rollout.Window.valueOf(window), o.window());
        for (long smaller = 0; smaller < Math.min(seed, 200); smaller++) {
            assertFalse(
                    Outcome.run(SCENARIO, rollout(order, smaller)).introduced(),
                    order + ": seed " + smaller + " is unsafe too");
        }
    }

    /** The rollout's plan without the balance moves from its first step until {@link #PAUSE_AFTER_MICROS} after its last. */
    static Rollout withBalancePaused(Rollout r) {
        long from = r.firstStepMicros();
        long to = r.lastStepMicros() + PAUSE_AFTER_MICROS;
        CustomPlan plan = r.spec().custom();
        List<TimedOperation> kept = new ArrayList<>();
        for (TimedOperation op : plan.workload().operations()) {
            if (op.atMicros() < from || op.atMicros() > to) {
                kept.add(op);
            }
        }
        CustomPlan paused = plan.withWorkload(new Workload(kept));
        return new Rollout(
                r.order(),
                RunSpec.custom(
                        r.spec().scenario(), r.spec().mode(), paused, r.spec().seed()),
                r.firstStepMicros(),
                r.lastStepMicros(),
                r.skipped());
    }

    @ParameterizedTest
    @ValueSource(strings = {"be-first", "fe-first", "node-by-node"})
    void withBalancePausedThroughTheRolloutAndTwoReportRoundsAfterTheseOrdersHoldOnACiSweep(String order) {
        int reached = 0;
        for (long s = 0; s < 200; s++) {
            long seed = s;
            Outcome o = Outcome.run(SCENARIO, withBalancePaused(rollout(order, seed)));
            assertFalse(o.failsInRollout(), () -> order + " seed " + seed + ": " + o.first());
            reached += o.reachedSafely() ? 1 : 0;
        }
        assertTrue(
                reached > 100,
                order + ": most seeds reach the last step without a violation before the rollout, got " + reached);
    }

    /**
     * What the pause does not cover, at each order's smallest failing seed of 0..199. All at once,
     * seed 8: a copy of id 0 from before the fix outlives the pause, the clone back onto it stamps
     * the new id and ends at once (it misses no version), and the FE's DROP with id 0 deletes it. A
     * rollback, seed 19: the old code is back, and so is the old bug. (FE first failed at seed 72
     * before: a DROP carrying the replica id its BE reported deleted that copy after the FE took it
     * back under the same id, which is D13, a gap of the fix, not a failure of the rollout.)
     */
    @ParameterizedTest
    @CsvSource({"all-at-once, 8, AFTER", "rollback, 19, AFTER"})
    void withBalancePausedAllAtOnceAndRollbackStillFail(String order, long seed, String window) {
        Outcome o = Outcome.run(SCENARIO, withBalancePaused(rollout(order, seed)));
        assertNotNull(o.first());
        assertEquals(DorisChecks.D1.name(), o.first().invariant());
        assertEquals(Rollout.Window.valueOf(window), o.window());
        assertTrue(o.first().message().contains("by drop task"), o.first().message());
    }
}
