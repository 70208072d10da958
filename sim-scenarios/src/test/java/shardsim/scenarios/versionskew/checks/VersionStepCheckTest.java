package shardsim.scenarios.versionskew.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.run.StagedRun;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.scenarios.versionskew.VersionSkewScenario;
import shardsim.scenarios.versionskew.model.DataNode;
import shardsim.scenarios.versionskew.model.SkewCluster;
import shardsim.scenarios.versionskew.plan.DocumentedPlan;
import shardsim.scenarios.versionskew.plan.SkewMode;
import shardsim.scenarios.versionskew.plan.World;

/**
 * C7 on states the test builds by hand on an open shard of the documented world (what a node that
 * registers a DDL without {@code inc_shard_version} would leave, and what the fix's version check
 * leaves when it refuses after the engine acted), and on whole runs.
 */
class VersionStepCheckTest {
    private static final VersionSkewScenario SCENARIO = new VersionSkewScenario();
    private static final int SHARD = DocumentedPlan.DOC_SHARD;

    /** A fixed documented run stopped before its first DDL, with a fresh C7 that has seen it once. */
    private static final class Setup {
        final StagedRun<World, SkewCluster> run = SCENARIO.stage(
                new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.DOCUMENTED, 1), Trace.digestOnly());
        final VersionStepCheck check;
        final DataNode node;
        final DataNode.Shard shard;

        Setup() {
            run.sim().runUntil(500_000);
            check = new VersionStepCheck(run.sim().view(), run.driver().layout().dataNodes());
            node = run.sim().nodes().node("node-1", DataNode.class);
            shard = node.shard(SHARD);
            assertNull(check.check(), "a freshly opened shard");
        }
    }

    @Test
    void aCreateRegisteredWithoutAVersionStepBreaksC7() {
        Setup s = new Setup();
        assertTrue(s.node.engine().create(SHARD, "T"));
        s.shard.tables.add("T");
        String problem = s.check.check();
        assertNotNull(problem);
        assertTrue(
                problem.contains("shard " + SHARD + " on node-1") && problem.contains("(T) without a version step"),
                problem);
    }

    @Test
    void aDropRegisteredWithoutAVersionStepBreaksC7() {
        Setup s = new Setup();
        assertTrue(s.node.engine().create(SHARD, "T"));
        s.shard.tables.add("T");
        s.shard.version++;
        assertNull(s.check.check(), "create, registered, one step");
        assertTrue(s.node.engine().drop(SHARD, "T"));
        s.shard.tables.remove("T");
        String problem = s.check.check();
        assertNotNull(problem, "the drop left the version where the create put it");
        assertTrue(problem.contains("(T) without a version step"), problem);
    }

    /** The fix's residual gap: the engine acted, the version check refused, nothing was registered. C5's business, not C7's. */
    @Test
    void aDdlTheVersionCheckRefusedAfterTheEngineHolds() {
        Setup s = new Setup();
        assertTrue(s.node.engine().create(SHARD, "ORPHAN"));
        assertNull(s.check.check(), "create refused after the engine: an orphan, no step due");
        assertTrue(s.node.engine().create(SHARD, "T"));
        s.shard.tables.add("T");
        s.shard.version++;
        assertNull(s.check.check(), "a registered create with its step");
        // A drop refused after the engine dropped: the shard still lists T, the engine no longer holds it.
        assertTrue(s.node.engine().drop(SHARD, "T"));
        assertNull(s.check.check());
        // A create of T refused again: the shard listed T before and after, so it took nothing.
        assertTrue(s.node.engine().create(SHARD, "T"));
        assertNull(s.check.check(), "a table the shard already listed is not a registration");
        // A registered create without the step is still caught.
        assertTrue(s.node.engine().create(SHARD, "U"));
        s.shard.tables.add("U");
        assertNotNull(s.check.check());
    }

    /** The documented run registers creates on every node: C7 holds in fixed and, its half of the equality being C1's, in buggy. */
    @Test
    void holdsOnWholeRuns() {
        for (String mode : List.of(Plans.FIXED, Plans.BUGGY, SkewMode.BUMP_BEFORE_ENGINE)) {
            for (String plan : List.of(Plans.DOCUMENTED, Plans.RANDOM)) {
                for (long seed = 0; seed < 5; seed++) {
                    RunResult r = SCENARIO.run(new RunSpec(VersionSkewScenario.NAME, mode, plan, seed));
                    assertTrue(
                            r.violations().stream().noneMatch(v -> v.invariant().equals("C7")),
                            () -> mode + " " + plan + ": " + r.violations());
                }
            }
        }
        StagedRun<World, SkewCluster> run = SCENARIO.stage(
                new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.DOCUMENTED, 1), Trace.digestOnly());
        run.sim().runUntil(500_000);
        long opened = run.driver().leaderVersion(SHARD);
        run.sim().runUntil(DocumentedPlan.DOC_FIRST_CREATE_MICROS + 10_000);
        assertEquals(
                opened + 1,
                run.driver().leaderVersion(SHARD),
                "the run did register a create on the shard, so C7 judged one");
    }
}
