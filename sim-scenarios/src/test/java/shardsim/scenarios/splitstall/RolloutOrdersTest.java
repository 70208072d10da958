package shardsim.scenarios.splitstall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.NodeFault;
import shardsim.core.rollout.Order;
import shardsim.core.rollout.Outcome;
import shardsim.core.rollout.Rollout;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.shrink.ShrinkBudget;
import shardsim.core.shrink.ShrinkResult;
import shardsim.core.shrink.Shrinker;
import shardsim.scenarios.splitstall.plan.SplitFaults;

/**
 * The rollout orders {@code sim upgrades split-stall} explores (buggy to fixed, plan random): the
 * smallest seed failing from the first step on of node-by-node and rollback, each of which fails as
 * well when every step is a restart on the old code (so {@code sim upgrades} judges every order
 * safe: the failures are those of the restarts), and a CI-sized sweep of all-at-once, which fails
 * nothing from its step on. Seeds and times are those {@code ./sim upgrades split-stall --seeds
 * 0..9999 --threads 2} printed.
 */
class RolloutOrdersTest {
    private final SplitStallScenario scenario = new SplitStallScenario();

    private Outcome outcome(String orderName, long seed) {
        Order order = Order.named(
                Order.of(scenario.worldRoles(new RunSpec(scenario.name(), "buggy", Plans.RANDOM, seed))), orderName);
        return Outcome.run(scenario, Rollout.of(scenario, Plans.RANDOM, "buggy", "fixed", order, seed));
    }

    @Test
    void theOrdersOfOneRoleOfStores() {
        List<String> names =
                Order.of(scenario.worldRoles(new RunSpec(scenario.name(), "buggy", Plans.RANDOM, 0))).stream()
                        .map(Order::name)
                        .toList();
        assertEquals(List.of("all-at-once", "node-by-node", "rollback"), names);
    }

    /**
     * node-by-node, seed 0: in the mixed window (store-1 upgraded at 2.123035 s) a leader transfer
     * hands region 150, whose engine is in PRE_SPLIT on every store, to store-2, still on old code,
     * which queues recovery at its role change in stage PRE_SPLIT (peer.go:739-749 at b4ca36b): U5 at
     * 5.088094 s, then U1 (the flush change set queues behind it). The upgrade plays no part: the same
     * transfer on the old code fails alike.
     */
    @Test
    void nodeByNodeSmallestFailingSeedStallsAnOldStoreInTheMixedWindow() {
        Outcome o = outcome("node-by-node", 0);
        assertEquals(Rollout.Window.MIXED, o.window());
        assertEquals("U5", o.first().invariant());
        assertEquals(5_088_094, o.first().timeMicros());
        assertEquals(2_123_035, o.rollout().firstStepMicros());
        assertTrue(
                o.first().message().startsWith("store-2/region-worker: 'recover split 150:48 stage PRE_SPLIT'"),
                o.first().message());
        assertTrue(o.claimed().contains("U1"), o.claimed().toString());
        assertFalse(o.introduced(), "the same restarts on the old code fail too");
    }

    /** rollback, seed 0: its first failure comes after the last step, back on old code, and the old code fails the same plan alike. */
    @Test
    void rollbackSmallestFailingSeedFailsOnTheOldCodeAgain() {
        Outcome o = outcome("rollback", 0);
        assertEquals(Rollout.Window.AFTER, o.window());
        assertEquals("U5", o.first().invariant());
        assertEquals(11_938_789, o.first().timeMicros());
        assertFalse(o.introduced(), "the same restarts on the old code fail too");
    }

    /**
     * all-at-once is safe: no run of seeds 0..249 fails from the step on (the 10,000-seed sweep had
     * none either). The seeds that fail fail before the step, on old code.
     */
    @Test
    void allAtOnceNeverFailsFromTheStepOn() {
        int before = 0;
        for (long seed = 0; seed < 250; seed++) {
            Outcome o = outcome("all-at-once", seed);
            long s = seed;
            assertFalse(o.failsInRollout(), () -> "seed " + s + ": " + o.first());
            if (o.first() == null) {
                assertTrue(o.reachedSafely(), "seed " + seed);
            } else {
                before++;
            }
        }
        assertTrue(before < 10, "old-code failures before the step: " + before);
    }

    /**
     * node-by-node and rollback are safe by {@code sim upgrades}' measure: over seeds 0..99, no run
     * that fails from the first step on holds when its steps are restarts on the old code (the
     * 10,000-seed sweep had none either), while some do fail from the first step on.
     */
    @Test
    void nodeByNodeAndRollbackAddNoFailureOfTheirOwn() {
        for (String order : List.of("node-by-node", "rollback")) {
            int failing = 0;
            for (long seed = 0; seed < 100; seed++) {
                Outcome o = outcome(order, seed);
                long s = seed;
                assertFalse(o.introduced(), () -> order + " seed " + s + ": " + o.first());
                failing += o.failsInRollout() ? 1 : 0;
            }
            assertTrue(failing > 0, order + ": the restarts expose the old stores in some run");
        }
    }

    /**
     * The plan {@code sim upgrades} writes for node-by-node seed 0 (the seed's random faults and
     * workload plus three upgrades) shrinks like any plan, and the shrinker drops every upgrade: the
     * stall needs only store-3's slow flush and the transfer of region 150 to store-2, old code's bug.
     */
    @Test
    void theShrinkerDropsTheUpgradesTheStallDoesNotNeed() {
        CustomPlan start = outcome("node-by-node", 0).rollout().spec().custom();
        assertTrue(
                start.faults().faults().stream()
                                .filter(f -> f.fault() instanceof NodeFault.Upgrade)
                                .count()
                        > 1,
                "the rollout upgrades every store");
        Shrinker shrinker = new Shrinker(
                plans -> {
                    List<RunResult> out = new java.util.ArrayList<>();
                    for (CustomPlan p : plans) {
                        out.add(scenario.run(RunSpec.custom(scenario.name(), "buggy", p, 0)));
                    }
                    return out;
                },
                new ShrinkBudget(1_000, () -> false),
                1,
                (runs, faults, ops) -> {});
        ShrinkResult r = shrinker.shrink(start, null);
        assertEquals("U5", r.invariant());
        List<shardsim.core.fault.Fault> kept =
                r.shrunk().faults().faults().stream().map(f -> f.fault()).toList();
        assertTrue(kept.stream().noneMatch(f -> f instanceof NodeFault.CodeChange), "no upgrade is needed: " + kept);
        assertTrue(kept.contains(new SplitFaults.TransferLeader(150, "store-2")), kept.toString());
        assertFalse(r.shrunkRun().ok());
    }
}
