package shardsim.scenarios.versionskew;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.rollout.Order;
import shardsim.core.rollout.Outcome;
import shardsim.core.rollout.Rollout;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.versionskew.model.MetaNode;

/**
 * The rollouts {@code ./sim upgrades version-skew --seeds 0..9999} measures, as regression tests:
 * the unsafe order's smallest seed that fails while the same restarts on the old code hold fails as
 * recorded, {@code node-first}'s smallest failing seed is the old code's own failure, and each safe
 * order runs a CI-sized sweep with no failure from the first step on.
 */
class VersionSkewRolloutTest {
    private static final VersionSkewScenario SCENARIO = new VersionSkewScenario();
    /** Smallest failing seeds, from {@code ./sim upgrades version-skew --seeds 0..199 --threads 1} (2026-12-03). */
    static final long NODE_FIRST_SMALLEST = 30;
    /** The smallest rollback seed failing where the same restarts on the old code hold ("not on old code"). */
    static final long ROLLBACK_SMALLEST_UNSAFE = 14;

    private static final int CI_SEEDS = 200;

    private static Outcome outcome(String order, long seed) {
        Order o = Order.named(
                Order.of(SCENARIO.worldRoles(new RunSpec(SCENARIO.name(), Plans.BUGGY, Plans.RANDOM, seed))), order);
        return Outcome.run(SCENARIO, Rollout.of(SCENARIO, Plans.RANDOM, Plans.BUGGY, Plans.FIXED, o, seed));
    }

    /** When the plan upgrades {@code node}, or -1 if it does not. */
    private static long upgradeOf(Outcome o, String node) {
        for (TimedFault f : o.rollout().spec().custom().faults().faults()) {
            if (f.fault() instanceof NodeFault.Upgrade u && u.node().equals(node)) {
                return f.atMicros();
            }
        }
        return -1;
    }

    @Test
    void nodeFirstFailsC1InTheMixedWindowOnADataNodeStillOnTheOldCode() {
        Outcome o = outcome("node-first", NODE_FIRST_SMALLEST);
        assertEquals(Rollout.Window.MIXED, o.window());
        assertEquals("C1", o.first().invariant());
        Matcher m = Pattern.compile("on (node-\\d+) moved").matcher(o.first().message());
        assertTrue(m.find(), o.first().message());
        long up = upgradeOf(o, m.group(1));
        // The old bug (version bumped before the engine failed) on a node not yet upgraded, under the old meta.
        assertTrue(
                up > o.first().timeMicros(),
                m.group(1) + " upgraded at " + up + ", violation at "
                        + o.first().timeMicros());
        assertTrue(upgradeOf(o, MetaNode.NAME) > o.first().timeMicros(), "meta is still old");
        // So the same restarts on the old code fail too: the order introduces nothing (sim upgrades: safe).
        assertFalse(o.introduced(), "node-first seed 30 is the old code's own failure");
        for (long seed = 0; seed < NODE_FIRST_SMALLEST; seed++) {
            assertFalse(
                    outcome("node-first", seed).failsInRollout(),
                    "seed " + seed + " is below the smallest failing one");
        }
    }

    @Test
    void rollbackFailsAfterMetaIsBackOnTheOldCodeWhereTheSameRestartsOnTheOldCodeHold() {
        Outcome o = outcome("rollback", ROLLBACK_SMALLEST_UNSAFE);
        assertEquals(Rollout.Window.AFTER, o.window());
        assertEquals("C2", o.first().invariant());
        assertTrue(o.introduced(), "the same restarts on the old code hold");
        for (long seed = 0; seed < ROLLBACK_SMALLEST_UNSAFE; seed++) {
            assertFalse(outcome("rollback", seed).introduced(), "seed " + seed + " is below the smallest unsafe one");
        }
    }

    @Test
    void allAtOnceMetaFirstAndNodeByNodeFailNothingFromTheFirstStepOn() {
        for (String order : new String[] {"all-at-once", "meta-first", "node-by-node"}) {
            int clean = 0;
            for (long seed = 0; seed < CI_SEEDS; seed++) {
                Outcome o = outcome(order, seed);
                long s = seed;
                assertFalse(o.failsInRollout(), () -> order + " seed " + s + ": " + o.first());
                clean += o.reachedSafely() ? 1 : 0;
            }
            // Runs that failed before the first step (the old bug) are not clean; the others all are.
            assertTrue(clean >= CI_SEEDS * 9 / 10, order + ": " + clean + " clean of " + CI_SEEDS);
        }
    }

    /** node-first is safe by {@code sim upgrades}' measure: its failures from the first step on are the old code's (seeds 0..199). */
    @Test
    void nodeFirstAddsNoFailureOfItsOwn() {
        for (long seed = 0; seed < CI_SEEDS; seed++) {
            Outcome o = outcome("node-first", seed);
            long s = seed;
            assertFalse(o.introduced(), () -> "node-first seed " + s + ": " + o.first());
        }
    }
}
