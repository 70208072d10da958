package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.Scenario;

/**
 * The mutation sweep's judges ({@link FixedSweepMutationTest}, which only PIT runs) can fail, and
 * do not fail without a mutant: its checks judge finds the buggy mode of every scenario within the
 * first seeds (the published smallest failing random seeds are 0, 2 and a few), and both judges pass
 * a few fixed seeds. Kept apart from the mutation test so that PIT never counts a kill by it.
 */
class FixedSweepSanityTest {
    @Test
    void theChecksJudgeCatchesEveryBuggyMode() {
        for (Scenario s : Scenarios.all()) {
            String failure = FixedSweepMutationTest.firstFailure(s, Plans.BUGGY, FixedSweepMutationTest.Judge.CHECKS, 50);
            assertNotNull(failure, s.name() + ": buggy random seeds 0..49 all held");
            assertTrue(failure.contains("--mode buggy"), failure);
        }
    }

    @Test
    void bothJudgesPassTheFixedMode() {
        for (Scenario s : Scenarios.all()) {
            for (FixedSweepMutationTest.Judge judge : FixedSweepMutationTest.Judge.values()) {
                assertNull(FixedSweepMutationTest.firstFailure(s, Plans.FIXED, judge, 10), s.name() + " " + judge);
            }
        }
    }
}
