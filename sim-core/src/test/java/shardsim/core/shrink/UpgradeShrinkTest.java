package shardsim.core.shrink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.fixture.RolloutFixture;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;

/** A plan with upgrades shrinks like any other, and keeps the upgrades its failure needs. */
class UpgradeShrinkTest {
    private static final RolloutFixture FIXTURE = new RolloutFixture();

    @Test
    void aSenderFirstRolloutShrinksToTheUpgradeThatMixesTheFormats() {
        long s = RolloutFixture.SECOND;
        CustomPlan base = FIXTURE.planOf(new RunSpec(FIXTURE.name(), "buggy", "random", 4));
        FaultPlan rollout = FaultPlan.builder()
                .at(2 * s, new NodeFault.Crash("s2"))
                .at(3 * s, new NodeFault.Restart("s2"))
                .at(5 * s, new NodeFault.Upgrade("s1", "fixed"))
                .at(8 * s, new NodeFault.Upgrade("s2", "fixed"))
                .at(11 * s, new NodeFault.Upgrade("r", "fixed"))
                .build();
        CustomPlan start = base.withFaults(rollout);
        Shrinker shrinker = new Shrinker(
                plans -> {
                    List<RunResult> out = new ArrayList<>();
                    for (CustomPlan p : plans) {
                        out.add(FIXTURE.run(RunSpec.custom(FIXTURE.name(), "buggy", p, 4)));
                    }
                    return out;
                },
                new ShrinkBudget(2_000, () -> false),
                1,
                (runs, faults, ops) -> {});
        ShrinkResult r = shrinker.shrink(start, null);
        assertEquals("M1", r.invariant());
        List<TimedFault> kept = r.shrunk().faults().faults();
        assertEquals(1, kept.size(), "one upgrade of one sender is enough: " + kept);
        assertTrue(
                kept.get(0).fault() instanceof NodeFault.Upgrade u && u.node().startsWith("s"), kept.toString());
        assertEquals(1, r.shrunk().operationCount(), "and one record it sends");
        assertTrue(!r.shrunkRun().ok());
    }
}
