package shardsim.scenarios.dropafterclone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.CoverageLabels;
import shardsim.scenarios.dropafterclone.checks.TabletCoverage;

/** The tablet abstraction follows the report's story, and observing it moves no run. */
class DropAfterCloneCoverageTest {
    private static final String DROP_LANDS = "normal=1 cloneReplica=no copies=2+ cloneTask=none dropTask=on-replica";

    private final DropAfterCloneScenario scenario = new DropAfterCloneScenario();

    private RunResult documented(String mode) {
        return scenario.run(new RunSpec(DropAfterCloneScenario.NAME, mode, Plans.DOCUMENTED, 42));
    }

    @Test
    void documentedBuggyPassesThroughTheStoryStates() {
        RunResult r = documented(Plans.BUGGY);
        List<String> states = CoverageLabels.states(r, "tablet");
        List<String> transitions = CoverageLabels.transitions(r, "tablet");
        // The stale report's DROP waits in the FE's slow agent batch while the CLONE back to that BE is
        // taken (it misses no version, so it runs and ends within one event and its finish goes out)...
        assertTrue(
                states.contains("normal=1 cloneReplica=yes copies=2+ cloneTask=submitted dropTask=in-batch"),
                states::toString);
        // ...the FE takes the finish: the catalog places the NORMAL replica there while the BE still
        // holds the task info (it goes when the finish call returns), and the DROP still waits...
        assertTrue(
                transitions.contains(
                        "normal=1 cloneReplica=yes copies=2+ cloneTask=submitted dropTask=in-batch -> normal=1 cloneReplica=no copies=2+ cloneTask=submitted dropTask=in-batch"),
                transitions::toString);
        // ...then reaches the BE that holds the catalog's replica, and deletes that copy (the DROP's
        // task info stays until its own finish call returns).
        assertTrue(states.contains(DROP_LANDS), states::toString);
        assertTrue(
                transitions.contains(
                        DROP_LANDS + " -> normal=1 cloneReplica=no copies=1 cloneTask=none dropTask=on-replica"),
                transitions::toString);
        assertEquals(
                DropAfterCloneScenarioTest.GOLDEN_BUGGY_DOCUMENTED,
                r.digestHex(),
                "observing the tablets must not move the run");
    }

    /** The fix's fence aborts the same DROP: the copy stays. */
    @Test
    void documentedFixedAbortsTheDropOnTheReplica() {
        List<String> transitions = CoverageLabels.transitions(documented(Plans.FIXED), "tablet");
        assertTrue(
                transitions.contains(
                        DROP_LANDS + " -> normal=1 cloneReplica=no copies=2+ cloneTask=none dropTask=none"),
                transitions::toString);
        assertFalse(
                transitions.contains(DROP_LANDS + " -> normal=1 cloneReplica=no copies=1 cloneTask=none dropTask=none"),
                transitions::toString);
    }

    @Test
    void theSpaceIsSmall() {
        assertEquals(288, TabletCoverage.SPACE.size());
    }
}
