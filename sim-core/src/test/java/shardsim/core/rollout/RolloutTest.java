package shardsim.core.rollout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.fixture.RolloutFixture;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.FaultWindow;
import shardsim.core.scenario.RunSpec;
import shardsim.core.workload.Workload;

/** Rollout orders, their placement in a seed's plan, and how a run of one is judged, on the two-role fixture. */
class RolloutTest {
    private static final RolloutFixture FIXTURE = new RolloutFixture();
    private static final Map<String, List<String>> ROLES =
            new RolloutFixture.MixWorld(List.of("s1", "s2", "r")).roles();

    @Test
    void theOrdersOfAWorldWithTwoRoles() {
        List<Order> orders = Order.of(ROLES);
        assertEquals(
                List.of("all-at-once", "sender-first", "receiver-first", "node-by-node", "rollback"),
                orders.stream().map(Order::name).toList());
        assertEquals("{+s1 +s2 +r}", orders.get(0).describe());
        assertEquals("+s1, +s2, +r", orders.get(1).describe());
        assertEquals("+r, +s1, +s2", orders.get(2).describe());
        assertEquals("+s1, +s2, -s1, -s2", orders.get(4).describe());
        assertTrue(orders.get(4).rollsBack());
        assertEquals(
                List.of("all-at-once", "node-by-node", "rollback"),
                Order.of(Map.of("node", List.of("a", "b"))).stream()
                        .map(Order::name)
                        .toList(),
                "one role: no role-first order (it would be node-by-node)");
    }

    @Test
    void aRolloutFallsInsideTheFaultWindowWithTheSameDrawsForEveryOrder() {
        FaultWindow w = FIXTURE.faultWindow(new RunSpec(FIXTURE.name(), "buggy", "random", 7))
                .orElseThrow();
        for (Order o : Order.of(ROLES)) {
            Rollout r = Rollout.of(FIXTURE, "random", "buggy", "fixed", o, 7);
            assertTrue(r.firstStepMicros() >= w.fromMicros() && r.lastStepMicros() < w.toMicros(), o.name() + " " + r);
            assertEquals(
                    o.restarts(),
                    r.spec().custom().faults().faults().stream()
                            .filter(f -> f.fault() instanceof NodeFault.CodeChange)
                            .count());
            assertEquals(r, Rollout.of(FIXTURE, "random", "buggy", "fixed", o, 7), "a function of the seed");
            assertEquals(
                    "rollout-fixture-" + o.name() + "-seed-7.json", r.spec().plan());
        }
        long firstAll = Rollout.of(
                        FIXTURE, "random", "buggy", "fixed", Order.of(ROLES).get(0), 7)
                .firstStepMicros();
        long firstNode = Rollout.of(
                        FIXTURE, "random", "buggy", "fixed", Order.of(ROLES).get(3), 7)
                .firstStepMicros();
        assertEquals(firstAll, firstNode, "every order starts at the same draw");
    }

    /** A world whose receiver may not crash: a rollout rolls the senders only, unless the world declares the receiver restartable. */
    private record Kept(boolean declared) implements shardsim.core.run.World {
        @Override
        public List<String> nodes() {
            return List.of("s1", "s2", "r");
        }

        @Override
        public List<String> crashableNodes() {
            return List.of("s1", "s2");
        }

        @Override
        public Map<String, List<String>> roles() {
            return new RolloutFixture.MixWorld(nodes()).roles();
        }

        @Override
        public boolean rollsByRestart(String role) {
            return declared || shardsim.core.run.World.super.rollsByRestart(role);
        }
    }

    @Test
    void aRoleOfNodesKeptFromCrashingIsNotRolledUnlessTheWorldSaysSo() {
        assertTrue(new Kept(false).rollsByRestart("sender"));
        assertFalse(new Kept(false).rollsByRestart("receiver"), "r may not crash, so no rollout restarts it");
        assertTrue(new Kept(true).rollsByRestart("receiver"), "the scenario's own rule");
        assertFalse(new Kept(false).rollsByRestart("nobody"));
        // The fixture's nodes may all crash: every role rolls, and a rollout of any order is placed.
        RunSpec spec = new RunSpec(FIXTURE.name(), "buggy", "random", 7);
        assertEquals(Map.of(), FIXTURE.unrollableRoles(spec));
        assertEquals(FIXTURE.worldRoles(spec), FIXTURE.rolloutRoles(spec));
    }

    @Test
    void aNodeThePlanHasDownIsUpgradedOnceItIsBack() {
        FaultPlan f = FaultPlan.builder()
                .at(100, new NodeFault.Crash("r"))
                .at(300, new NodeFault.Restart("r"))
                .at(500, new NodeFault.Crash("s1"))
                .build();
        assertEquals(50, Rollout.upFrom(f, "r", 50));
        assertEquals(301, Rollout.upFrom(f, "r", 100));
        assertEquals(301, Rollout.upFrom(f, "r", 200));
        assertEquals(-1, Rollout.upFrom(f, "s1", 600), "down for good");
        CustomPlan plan = new CustomPlan(
                "p.json", "random", LinkPolicy.reliable(), f, Workload.builder().build());
        Rollout r = Rollout.place(
                "x",
                plan,
                new FaultWindow(150, 1_000),
                "buggy",
                "fixed",
                new Order(
                        "node-by-node",
                        "test",
                        List.of(new Order.Batch(List.of("r"), true), new Order.Batch(List.of("s1"), true))),
                3);
        List<TimedFault> steps = r.spec().custom().faults().faults().stream()
                .filter(x -> x.fault() instanceof NodeFault.CodeChange)
                .toList();
        assertEquals(new NodeFault.Upgrade("r", "fixed"), steps.get(0).fault());
        assertTrue(steps.get(0).atMicros() >= 300, "r is down from 100 to 300: " + steps);
        boolean s1Skipped = r.skipped() == 1 && steps.size() == 1;
        boolean s1Before = r.skipped() == 0 && steps.size() == 2 && steps.get(1).atMicros() < 500;
        assertTrue(s1Skipped || s1Before, "s1 is down for good from 500 on: " + steps + ", skipped " + r.skipped());
    }

    @Test
    void theFixtureIsSafeReceiverFirstAndNotSenderFirst() {
        List<Order> orders = Order.of(ROLES);
        int unsafeSeen = 0;
        for (long seed = 0; seed < 20; seed++) {
            Outcome receiverFirst = Outcome.run(
                    FIXTURE,
                    Rollout.of(FIXTURE, "random", "buggy", "fixed", Order.named(orders, "receiver-first"), seed));
            assertNull(receiverFirst.window(), "seed " + seed);
            Outcome allAtOnce = Outcome.run(
                    FIXTURE, Rollout.of(FIXTURE, "random", "buggy", "fixed", Order.named(orders, "all-at-once"), seed));
            assertNull(allAtOnce.window(), "seed " + seed);
            assertEquals(allAtOnce.rollout().skipped() == 0, allAtOnce.reachedSafely());
            Outcome senderFirst = Outcome.run(
                    FIXTURE,
                    Rollout.of(FIXTURE, "random", "buggy", "fixed", Order.named(orders, "sender-first"), seed));
            if (senderFirst.window() != null) {
                unsafeSeen++;
                assertEquals(Rollout.Window.MIXED, senderFirst.window(), "old receiver, new sender: seed " + seed);
                assertEquals(List.of("M1"), senderFirst.claimed());
                assertTrue(senderFirst.failsInRollout());
                assertTrue(senderFirst.oldCodeHolds(), "the old code alone never misreads");
                assertTrue(senderFirst.introduced(), "so the failure is the rollout's");
                assertFalse(senderFirst.reachedSafely());
            }
        }
        assertTrue(unsafeSeen > 10, "sender-first fails in most seeds: " + unsafeSeen);
    }
}
