package shardsim.scenarios.splitstall.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.CoverageLabels;
import shardsim.scenarios.splitstall.SplitStallScenario;
import shardsim.scenarios.splitstall.SplitStallScenarioTest;

/** The region abstraction follows the report's story, and observing it moves no run. */
class SplitStallCoverageTest {
    private final SplitStallScenario scenario = new SplitStallScenario();

    private RunResult documented(String mode) {
        return scenario.run(new RunSpec(SplitStallScenario.NAME, mode, Plans.DOCUMENTED, 1));
    }

    @Test
    void documentedBuggyPassesThroughTheStoryStates() {
        RunResult r = documented(Plans.BUGGY);
        List<String> states = CoverageLabels.states(r, "region");
        List<String> transitions = CoverageLabels.transitions(r, "region");
        // Region 150's split starts (PRE_SPLIT applied), and its leadership moves during the pre-split flush...
        assertTrue(
                transitions.contains("metaStage=PRE_SPLIT engineStage=PRE_SPLIT leader=stable recoverSplit=none"
                        + " -> metaStage=PRE_SPLIT engineStage=PRE_SPLIT leader=changing recoverSplit=none"),
                transitions::toString);
        // ...store-3 leads and queues recovery at once, which takes the region worker and waits for the flush...
        assertTrue(
                transitions.contains("metaStage=PRE_SPLIT engineStage=PRE_SPLIT leader=changing recoverSplit=none"
                        + " -> metaStage=PRE_SPLIT engineStage=PRE_SPLIT leader=stable recoverSplit=waiting"),
                transitions::toString);
        // ...whose change set the applier moves into the meta, while the engine waits behind the worker for good.
        assertTrue(
                states.contains(
                        "metaStage=PRE_SPLIT_FLUSH_DONE engineStage=PRE_SPLIT leader=stable recoverSplit=waiting"),
                states::toString);
        assertFalse(
                states.contains(
                        "metaStage=SPLIT_FILE_DONE engineStage=SPLIT_FILE_DONE leader=stable recoverSplit=none"),
                "the split never finishes");
        assertEquals(
                SplitStallScenarioTest.GOLDEN_DOCUMENTED_BUGGY,
                r.digestHex(),
                "observing the regions must not move the run");
    }

    /** The fix watches before it queues recovery, and the split finishes. */
    @Test
    void documentedFixedWatchesThenFinishesTheSplit() {
        RunResult r = documented(Plans.FIXED);
        List<String> states = CoverageLabels.states(r, "region");
        assertTrue(
                states.contains("metaStage=PRE_SPLIT engineStage=PRE_SPLIT leader=stable recoverSplit=watching"),
                states::toString);
        assertTrue(
                states.contains(
                        "metaStage=PRE_SPLIT_FLUSH_DONE engineStage=PRE_SPLIT_FLUSH_DONE leader=stable recoverSplit=running"),
                states::toString);
        assertTrue(
                states.contains(
                        "metaStage=SPLIT_FILE_DONE engineStage=SPLIT_FILE_DONE leader=stable recoverSplit=none"),
                states::toString);
        assertFalse(
                states.contains("metaStage=PRE_SPLIT engineStage=PRE_SPLIT leader=stable recoverSplit=waiting"),
                states::toString);
    }

    @Test
    void theSpaceIsSmall() {
        assertEquals(200, RegionCoverage.SPACE.size());
    }
}
