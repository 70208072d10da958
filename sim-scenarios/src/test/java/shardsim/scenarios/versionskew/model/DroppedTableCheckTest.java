package shardsim.scenarios.versionskew.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.run.StagedRun;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.scenarios.versionskew.VersionSkewScenario;
import shardsim.scenarios.versionskew.checks.SkewChecks;
import shardsim.scenarios.versionskew.plan.DocumentedPlan;
import shardsim.scenarios.versionskew.plan.World;

/**
 * C10 can fail: once the client was told the drop probe of a shard succeeded, its table is put back
 * into meta's view of the shard from outside, as a meta that answers a DROP without removing the
 * table from its topology would leave it. The untouched run holds C10.
 */
class DroppedTableCheckTest {
    private static final VersionSkewScenario SCENARIO = new VersionSkewScenario();
    private static final int SHARD = DocumentedPlan.DOC_SHARD;

    private static StagedRun<World, SkewCluster> staged() {
        return SCENARIO.stage(
                new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.DOCUMENTED, 46), Trace.digestOnly());
    }

    private static List<Violation> c10(RunResult r) {
        return r.violations().stream()
                .filter(v -> v.invariant().equals(SkewChecks.C10.name()))
                .toList();
    }

    @Test
    void aDroppedTableMetaStillListsBreaksC10() {
        StagedRun<World, SkewCluster> run = staged();
        long end = run.shape().endMicros();
        String table = "PROBE_" + SHARD;
        while (!droppedYet(run, table)) {
            long before = run.sim().eventNumber();
            run.sim().runThroughEvent(before + 1, end);
            assertTrue(run.sim().eventNumber() > before, "the run ended before the drop probe succeeded");
        }
        ShardView v = run.sim()
                .nodes()
                .disk(MetaNode.NAME)
                .get(ShardView.key(SHARD), ShardView.class)
                .orElseThrow();
        run.sim().nodes().disk(MetaNode.NAME).putDurable(ShardView.key(SHARD), v.withTable(table, true));
        RunResult r = run.finish();
        List<Violation> c10 = c10(r);
        assertEquals(1, c10.size(), () -> r.violations().toString());
        assertTrue(
                c10.get(0).message().contains("table " + table + ","),
                c10.get(0).message());
    }

    private static boolean droppedYet(StagedRun<World, SkewCluster> run, String table) {
        ClientDriver client = run.sim().nodes().node(ClientDriver.NAME, ClientDriver.class);
        return client != null && client.dropped().containsKey(table);
    }

    @Test
    void theSameRunUntouchedHoldsC10() {
        StagedRun<World, SkewCluster> run = staged();
        RunResult r = run.finish();
        assertEquals(List.of(), c10(r));
        assertTrue(
                run.sim()
                        .nodes()
                        .node(ClientDriver.NAME, ClientDriver.class)
                        .dropped()
                        .containsKey("PROBE_" + SHARD),
                "the drop probe succeeded, so C10 had a table to judge");
    }
}
