package shardsim.scenarios.versionskew.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import shardsim.scenarios.versionskew.model.ClientDriver;
import shardsim.scenarios.versionskew.model.DataNode;
import shardsim.scenarios.versionskew.model.SkewCluster;
import shardsim.scenarios.versionskew.plan.DocumentedPlan;
import shardsim.scenarios.versionskew.plan.World;

/** C6: a DDL sent to a settled cluster succeeds; a failure a fault explains is not judged. */
class DdlAvailabilityTest {
    private static final VersionSkewScenario SCENARIO = new VersionSkewScenario();
    private static final int SHARD = DocumentedPlan.DOC_SHARD;

    private static StagedRun<World, SkewCluster> staged(String mode) {
        return SCENARIO.stage(new RunSpec(VersionSkewScenario.NAME, mode, Plans.DOCUMENTED, 46), Trace.digestOnly());
    }

    private static long probesAt(StagedRun<World, SkewCluster> run) {
        return run.shape().tailStartMicros() + run.driver().timing().convergeMicros();
    }

    private static List<Violation> c6(RunResult r) {
        return r.violations().stream()
                .filter(v -> v.invariant().equals(SkewChecks.C6.name()))
                .toList();
    }

    @Test
    void settledProbesSucceedInTheFixedRun() {
        StagedRun<World, SkewCluster> run = staged(Plans.FIXED);
        RunResult r = run.finish();
        assertEquals(List.of(), c6(r), () -> r.violations().toString());
        ClientDriver client = run.sim().nodes().node(ClientDriver.NAME, ClientDriver.class);
        assertEquals("", client.probes().get(SHARD), "the probe, sent to a settled cluster, succeeded");
        assertTrue(
                client.sent().stream().anyMatch(d -> d.what().equals("CREATE TABLE PROBE_" + SHARD)),
                "the client's log, which C6 reads, has the probe");
    }

    /** The mutant's symptom, made from outside: the leader moves one ahead of meta with no fault, and the probe fails. */
    @Test
    void aLeaderAheadOfMetaWithNoFaultFailsC6() {
        StagedRun<World, SkewCluster> run = staged(Plans.FIXED);
        long probes = probesAt(run);
        run.sim().runUntil(probes - 1);
        DataNode.Shard leader = run.sim().nodes().node("node-1", DataNode.class).shard(SHARD);
        leader.version++;
        RunResult r = run.finish();
        List<Violation> c6 = c6(r);
        assertEquals(1, c6.size(), () -> r.violations().toString());
        assertTrue(
                c6.get(0).message().contains("CREATE TABLE PROBE_" + SHARD)
                        && c6.get(0).message().contains("Shard version mismatch"),
                c6.get(0).message());
    }

    /** Buggy: the creates that fail within the settle time of the lost response are excused; the settled probe is not. */
    @Test
    void inTheBuggyRunOnlyTheSettledProbeIsJudged() {
        StagedRun<World, SkewCluster> run = staged(Plans.BUGGY);
        RunResult r = run.finish();
        ClientDriver client = run.sim().nodes().node(ClientDriver.NAME, ClientDriver.class);
        long failedBeforeTail = client.answers().stream()
                .filter(a -> !a.error().isEmpty()
                        && client.sent().get(a.seq()).sentMicros() < run.shape().tailStartMicros())
                .count();
        assertTrue(failedBeforeTail >= 2, "the workload's creates fail with the mismatch: " + failedBeforeTail);
        List<Violation> c6 = c6(r);
        assertEquals(1, c6.size(), () -> r.violations().toString());
        assertTrue(c6.get(0).message().contains("PROBE_" + SHARD), c6.get(0).message());
        assertFalse(c6.get(0).message().contains("TABLE_"), c6.get(0).message());
    }
}
