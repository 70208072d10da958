package shardsim.core.shrink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fault.End;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.workload.Operation;
import shardsim.core.workload.Workload;

class ShrinkerTest {
    record Put(int key) implements Operation {}

    /** A plan with noise around the culprits: a crash of b (with its restart), and Put(7). */
    private static CustomPlan noisy() {
        FaultPlan faults = FaultPlan.builder()
                .at(100, new NetFault.Partition("a", "b"))
                .at(150, new NodeFault.Crash("b"))
                .at(200, new NodeFault.ClockSkew("a", 5))
                .at(300, new End(new NetFault.Partition("a", "b")))
                .at(300, new NodeFault.Crash("c"))
                .at(400, new NodeFault.Restart("b"))
                .at(500, new NodeFault.Restart("c"))
                .build();
        Workload.Builder w = Workload.builder();
        for (int i = 0; i < 30; i++) {
            w.at(10L * i, new Put(i));
        }
        return new CustomPlan("noisy.json", "random", LinkPolicy.reliable(), faults, w.build());
    }

    /** The fake system breaks X1 when b is crashed and restarted and Put(7) ran; Y2 whenever c crashes. */
    private static RunResult run(CustomPlan plan) {
        boolean crashB = plan.faults().faults().stream().anyMatch(f -> f.fault().equals(new NodeFault.Crash("b")));
        boolean restartB =
                plan.faults().faults().stream().anyMatch(f -> f.fault().equals(new NodeFault.Restart("b")));
        boolean crashC = plan.faults().faults().stream().anyMatch(f -> f.fault().equals(new NodeFault.Crash("c")));
        boolean put7 = plan.workload().operations().stream()
                .anyMatch(o -> o.operation().equals(new Put(7)));
        List<Violation> v = new ArrayList<>();
        if (crashC) {
            v.add(new Violation("Y2", "c crashed", 0, 0));
        }
        if (crashB && restartB && put7) {
            v.add(new Violation("X1", "b lost put 7", 0, 0));
        }
        return new RunResult(
                RunSpec.custom("fake", "buggy", plan, 1), v.isEmpty(), 0, 0, 0, 0, 0, v, Map.of(), Map.of(), List.of());
    }

    private static Shrinker.Runner runner(int[] runs) {
        return plans -> {
            List<RunResult> out = new ArrayList<>();
            for (CustomPlan p : plans) {
                runs[0]++;
                out.add(run(p));
            }
            return out;
        };
    }

    @Test
    void keepsTheTargetInvariantAndDropsTheRest() {
        int[] runs = {0};
        ShrinkResult r = new Shrinker(runner(runs), ShrinkBudget.runs(1_000), 1, (n, f, o) -> {}).shrink(noisy(), "X1");
        assertEquals("X1", r.invariant());
        assertTrue(r.minimal());
        assertEquals(
                List.of(new NodeFault.Crash("b"), new NodeFault.Restart("b")),
                r.shrunk().faults().faults().stream().map(f -> f.fault()).toList());
        assertEquals(
                List.of(new Put(7)),
                r.shrunk().workload().operations().stream()
                        .map(o -> o.operation())
                        .toList());
        assertTrue(Shrinker.breaks(r.shrunkRun(), "X1"));
        assertFalse(Shrinker.breaks(r.shrunkRun(), "Y2"));
        assertEquals(runs[0], r.runs());
        assertEquals("noisy.json", r.shrunk().source());
    }

    @Test
    void defaultTargetIsTheFirstInvariantBroken() {
        ShrinkResult r =
                new Shrinker(runner(new int[1]), ShrinkBudget.runs(1_000), 2, (n, f, o) -> {}).shrink(noisy(), null);
        assertEquals("Y2", r.invariant());
        // Crash c has no restart once its pair is gone, and the pair goes together.
        assertEquals(
                List.of(new NodeFault.Crash("c"), new NodeFault.Restart("c")),
                r.shrunk().faults().faults().stream().map(f -> f.fault()).toList());
        assertEquals(0, r.shrunk().operationCount());
    }

    @Test
    void batchSizeDoesNotChangeTheAnswer() {
        ShrinkResult one =
                new Shrinker(runner(new int[1]), ShrinkBudget.runs(1_000), 1, (n, f, o) -> {}).shrink(noisy(), "X1");
        ShrinkResult three =
                new Shrinker(runner(new int[1]), ShrinkBudget.runs(1_000), 3, (n, f, o) -> {}).shrink(noisy(), "X1");
        assertEquals(one.shrunk(), three.shrunk());
    }

    @Test
    void runBudgetGivesTheBestSoFar() {
        int[] runs = {0};
        ShrinkResult r = new Shrinker(runner(runs), ShrinkBudget.runs(4), 1, (n, f, o) -> {}).shrink(noisy(), "X1");
        assertFalse(r.minimal());
        assertTrue(Shrinker.breaks(r.shrunkRun(), "X1"));
        assertTrue(r.shrunk().faults().size() + r.shrunk().operationCount()
                <= noisy().faults().size() + noisy().operationCount());
        // The budget, plus the one confirming run of the answer.
        assertTrue(runs[0] <= 5, "ran " + runs[0]);
    }

    @Test
    void refusesAPlanThatDoesNotBreakTheTarget() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new Shrinker(runner(new int[1]), ShrinkBudget.runs(10), 1, (n, f, o) -> {})
                        .shrink(noisy(), "Z9"));
        assertTrue(e.getMessage().contains("does not break Z9"), e.getMessage());
    }

    @Test
    void aCalmerLinkIsKeptWhenTheFailureSurvivesIt() {
        CustomPlan lossy = noisy().withLink(LinkPolicy.reliable().withLoss(0.1).withDuplication(0.2));
        ShrinkResult r =
                new Shrinker(runner(new int[1]), ShrinkBudget.runs(1_000), 1, (n, f, o) -> {}).shrink(lossy, "X1");
        assertEquals(0, r.shrunk().link().lossProbability());
        assertEquals(0, r.shrunk().link().duplicateProbability());
    }

    @Test
    void aLinkTheFailureNeedsStays() {
        // Z3 breaks only while the link loses messages.
        Shrinker.Runner needsLoss = plans -> plans.stream()
                .map(p -> {
                    List<Violation> v = p.link().lossProbability() > 0
                            ? List.of(new Violation("Z3", "lost", 0, 0))
                            : List.<Violation>of();
                    return new RunResult(
                            RunSpec.custom("fake", "buggy", p, 1),
                            v.isEmpty(),
                            0,
                            0,
                            0,
                            0,
                            0,
                            v,
                            Map.of(),
                            Map.of(),
                            List.of());
                })
                .toList();
        CustomPlan lossy = noisy().withLink(LinkPolicy.reliable().withLoss(0.1).withDuplication(0.2));
        ShrinkResult r = new Shrinker(needsLoss, ShrinkBudget.runs(1_000), 2, (n, f, o) -> {}).shrink(lossy, "Z3");
        assertEquals(0.1, r.shrunk().link().lossProbability());
        assertEquals(0, r.shrunk().link().duplicateProbability(), "duplication alone could go");
        assertEquals(0, r.shrunk().faults().size() + r.shrunk().operationCount());
    }

    @Test
    void pairsLastingFaultsWithTheirEnds() {
        List<PlanElement> elements = PlanElements.faults(noisy().faults());
        List<Integer> sizes = elements.stream()
                .map(e -> ((PlanElement.Faults) e).faults().size())
                .toList();
        // partition+heal, crash b+restart b, skew, crash c+restart c
        assertEquals(List.of(2, 2, 1, 2), sizes);
        assertEquals(noisy().faults(), PlanElements.faultPlan(elements));
        assertEquals(noisy().workload(), PlanElements.workload(PlanElements.operations(noisy().workload())));
    }

    @Test
    void rebuildKeepsTheOrderOfFaultsThatShareATime() {
        FaultPlan plan = FaultPlan.builder()
                .at(100, new NodeFault.Crash("x"))
                .at(200, new NodeFault.Restart("x"))
                .at(200, new NetFault.Partition("a", "b"))
                .at(200, new NodeFault.Crash("x"))
                .at(300, new NodeFault.Restart("x"))
                .at(300, new End(new NetFault.Partition("a", "b")))
                .build();
        List<PlanElement> elements = PlanElements.faults(plan);
        assertEquals(3, elements.size());
        assertEquals(plan, PlanElements.faultPlan(elements));
        assertEquals(plan, PlanElements.faultPlan(List.of(elements.get(2), elements.get(0), elements.get(1))));
    }
}
