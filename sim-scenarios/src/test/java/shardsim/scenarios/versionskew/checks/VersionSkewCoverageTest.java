package shardsim.scenarios.versionskew.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.CoverageLabels;
import shardsim.scenarios.versionskew.VersionSkewScenario;
import shardsim.scenarios.versionskew.VersionSkewScenarioTest;

/** The shard abstraction follows the report's story, and observing it moves no run. */
class VersionSkewCoverageTest {
    private final VersionSkewScenario scenario = new VersionSkewScenario();

    private RunResult documented(String mode) {
        return scenario.run(new RunSpec(VersionSkewScenario.NAME, mode, Plans.DOCUMENTED, 46));
    }

    @Test
    void documentedBuggyPassesThroughTheStoryStates() {
        RunResult r = documented(Plans.BUGGY);
        List<String> states = CoverageLabels.states(r, "shard");
        List<String> transitions = CoverageLabels.transitions(r, "shard");
        // The CreateTableOnShard runs on node-1, which moves to v+1 and creates the table...
        assertTrue(
                transitions.contains(
                        "leaderShard=equal procedure=CreateTable tables=agree -> leaderShard=meta-behind-1 procedure=CreateTable tables=engine-extra"),
                transitions::toString);
        // ...its answer is lost, the procedure ends on the timeout and meta stays at v: the wedge.
        assertTrue(
                transitions.contains(
                        "leaderShard=meta-behind-1 procedure=CreateTable tables=engine-extra -> leaderShard=meta-behind-1 procedure=none tables=engine-extra"),
                transitions::toString);
        // Every later CREATE TABLE starts a procedure on the wedged shard, and fails.
        assertTrue(
                transitions.contains(
                        "leaderShard=meta-behind-1 procedure=none tables=engine-extra -> leaderShard=meta-behind-1 procedure=CreateTable tables=engine-extra"),
                transitions::toString);
        assertFalse(states.contains("leaderShard=meta-ahead procedure=none tables=agree"), states::toString);
        assertEquals(
                VersionSkewScenarioTest.GOLDEN_BUGGY_DOCUMENTED,
                r.digestHex(),
                "observing the shards must not move the run");
    }

    /** The fix's heartbeat repair takes meta back to the node's version without a DDL. */
    @Test
    void documentedFixedRepairsTheLagFromAHeartbeat() {
        List<String> transitions = CoverageLabels.transitions(documented(Plans.FIXED), "shard");
        assertTrue(
                transitions.contains(
                        "leaderShard=meta-behind-1 procedure=none tables=engine-extra -> leaderShard=equal procedure=none tables=engine-extra"),
                transitions::toString);
        List<String> buggy = CoverageLabels.transitions(documented(Plans.BUGGY), "shard");
        assertFalse(
                buggy.contains(
                        "leaderShard=meta-behind-1 procedure=none tables=engine-extra -> leaderShard=equal procedure=none tables=engine-extra"),
                buggy::toString);
    }

    @Test
    void theSpaceIsSmall() {
        assertEquals(160, ShardCoverage.SPACE.size());
    }
}
