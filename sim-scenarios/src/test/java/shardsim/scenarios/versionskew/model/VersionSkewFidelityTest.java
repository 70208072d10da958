package shardsim.scenarios.versionskew.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fault.FaultPlan;
import shardsim.core.net.LinkPolicy;
import shardsim.core.run.StagedRun;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Workload;
import shardsim.scenarios.versionskew.VersionSkewScenario;
import shardsim.scenarios.versionskew.plan.DocumentedPlan;
import shardsim.scenarios.versionskew.plan.SkewFault;
import shardsim.scenarios.versionskew.plan.SkewMode;
import shardsim.scenarios.versionskew.plan.SkewOperation;
import shardsim.scenarios.versionskew.plan.World;

/**
 * The model against HoraeDB's code, one upstream behaviour per test. Each fails on the model as
 * it was before issue 12: C1 raised by the node, the opened version taken from the request, repair
 * on every heartbeat, no engine state (so no orphan to see).
 */
class VersionSkewFidelityTest {
    private static final VersionSkewScenario SCENARIO = new VersionSkewScenario();
    private static final int SHARD = DocumentedPlan.DOC_SHARD;
    private static final long V = DocumentedPlan.DOC_VERSION;

    /**
     * The documented world: node-1 loses the response to a create at 1 s (meta's procedure holds
     * the shard until its 3 s timeout), then meta moves shard 46 to node-2 at {@code transferAt}.
     */
    private static StagedRun<World, SkewCluster> lostThenTransferred(String mode, long transferAt) {
        FaultPlan faults = FaultPlan.builder()
                .lasting(500_000, 1_500_000, new SkewFault.DropResponse("node-1", "CreateTableOnShard"))
                .at(transferAt, new SkewFault.TransferLeader(SHARD, "node-2"))
                .build();
        Workload workload = Workload.builder()
                .at(1_000_000, new SkewOperation.CreateTable(SHARD, "LOST"))
                .build();
        CustomPlan plan = new CustomPlan("transfer.json", Plans.DOCUMENTED, LinkPolicy.reliable(), faults, workload);
        return SCENARIO.stage(RunSpec.custom(VersionSkewScenario.NAME, mode, plan, 1), Trace.digestOnly());
    }

    /** open_shard rebuilds from meta's stored view: buggy meta asks for v+1, the node opens at meta's v, meta persists nothing. */
    @Test
    void openingAShardTakesMetasStoredVersionNotTheRequests() {
        StagedRun<World, SkewCluster> run = lostThenTransferred(Plans.BUGGY, 4_200_000);
        run.sim().runUntil(1_200_000);
        assertEquals(
                V + 1,
                run.sim().nodes().node("node-1", DataNode.class).shard(SHARD).version(),
                "node-1 applied the lost create");
        assertEquals(V, run.driver().metaVersion(SHARD));
        run.sim().runUntil(4_600_000);
        DataNode.Shard opened = run.sim().nodes().node("node-2", DataNode.class).shard(SHARD);
        assertEquals(V, opened.version(), "node-2 opened at meta's stored version, not the request's v+1");
        assertEquals(V, opened.openedVersion());
        assertEquals(V, run.driver().metaVersion(SHARD), "meta persists no version for an open");
        assertEquals(V, run.driver().leaderVersion(SHARD));
    }

    /** RegisterNode repairs only on exists && !needUpdate: the first heartbeat after meta starts only registers the node. */
    @Test
    void theFirstHeartbeatOnlyRegistersTheNode() {
        StagedRun<World, SkewCluster> run = SCENARIO.stage(
                new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.DOCUMENTED, 46), Trace.digestOnly());
        run.sim().runUntil(DocumentedPlan.DOC_FIRST_HEARTBEAT_MICROS + 10_000);
        assertEquals(V, run.driver().metaVersion(SHARD), "no repair from the first heartbeat");
        assertEquals(V + 1, run.driver().leaderVersion(SHARD));
        run.sim()
                .runUntil(DocumentedPlan.DOC_FIRST_HEARTBEAT_MICROS
                        + run.driver().timing().heartbeatMicros()
                        + 10_000);
        assertEquals(V + 1, run.driver().metaVersion(SHARD), "repaired from the second, whose shard set is unchanged");
    }

    /**
     * A heartbeat listing a changed shard set does not repair either. node-2 registers [47] at
     * 5 s, gains shard 46 by a transfer at 5.5 s (opened at meta's v), and loses the response to a
     * create on it at 6 s: it lists [46, 47] at 11.67 s (changed, no repair), again at 18.33 s (repair).
     */
    @Test
    void aHeartbeatWithAChangedShardSetDoesNotRepair() {
        StagedRun<World, SkewCluster> run = lostThenTransferred(Plans.FIXED, 5_500_000);
        run.sim().faults().injectAt(5_900_000, new SkewFault.DropResponse("node-2", "CreateTableOnShard"));
        run.sim()
                .at(
                        6_000_000,
                        "create",
                        () -> run.sim()
                                .nodes()
                                .node(ClientDriver.NAME, ClientDriver.class)
                                .create(SHARD, "AHEAD"));
        long hb = run.driver().timing().heartbeatMicros();
        run.sim().runUntil(6_500_000);
        assertEquals(V + 1, run.driver().leaderVersion(SHARD), "node-2 applied the create");
        assertEquals(V, run.driver().metaVersion(SHARD));
        run.sim().runUntil(DocumentedPlan.DOC_FIRST_HEARTBEAT_MICROS + hb + 10_000);
        assertEquals(
                V, run.driver().metaVersion(SHARD), "node-2's shard set changed since its last heartbeat: no repair");
        run.sim().runUntil(DocumentedPlan.DOC_FIRST_HEARTBEAT_MICROS + 2 * hb + 10_000);
        assertEquals(V + 1, run.driver().metaVersion(SHARD), "unchanged now: repaired");
    }

    /** C1 is a checker over state: the node counted a version step its engine never applied. */
    @Test
    void c1ReadsTheNodesShardAndEngine() {
        FaultPlan faults = FaultPlan.builder()
                .lasting(500_000, 1_500_000, new SkewFault.EngineFailure("node-1", 1.0))
                .build();
        Workload workload = Workload.builder()
                .at(1_000_000, new SkewOperation.CreateTable(SHARD, "FAILS_IN_ENGINE"))
                .build();
        CustomPlan plan = new CustomPlan("engine.json", Plans.DOCUMENTED, LinkPolicy.reliable(), faults, workload);
        StagedRun<World, SkewCluster> run = SCENARIO.stage(
                RunSpec.custom(VersionSkewScenario.NAME, SkewMode.BUMP_BEFORE_ENGINE, plan, 1), Trace.digestOnly());
        run.sim().runUntil(1_100_000);
        DataNode node = run.sim().nodes().node("node-1", DataNode.class);
        assertEquals(V + 1, node.shard(SHARD).version());
        assertTrue(node.shard(SHARD).hasTable("FAILS_IN_ENGINE"), "registered before the engine");
        assertFalse(node.engine().tables(SHARD).contains("FAILS_IN_ENGINE"), "the engine never created it");
        assertEquals(0, node.engine().applied(SHARD));
        List<Violation> v = run.sim().checks().violations();
        assertEquals("C1", v.get(0).invariant());
        assertEquals(
                1_002_000,
                v.get(0).timeMicros(),
                "found right after the create (client to meta to node-1) reached node-1 and moved the version");
        // The same plan in fixed: the engine fails first, the version stays, C1 holds.
        StagedRun<World, SkewCluster> fixed =
                SCENARIO.stage(RunSpec.custom(VersionSkewScenario.NAME, Plans.FIXED, plan, 1), Trace.digestOnly());
        assertTrue(fixed.finish().violations().stream()
                .noneMatch(x -> x.invariant().equals("C1")));
    }

    /** Upstream's fix runs the engine before the version check: the report's failed create leaves an orphan table, and C5 sees it. */
    @Test
    void theFixLeavesTheReportsFailedCreateAsAnOrphan() {
        StagedRun<World, SkewCluster> run = SCENARIO.stage(
                new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.DOCUMENTED, 46), Trace.digestOnly());
        RunResult r = run.finish();
        DataNode node = run.sim().nodes().node("node-1", DataNode.class);
        assertTrue(
                node.engine().tables(SHARD).contains(DocumentedPlan.DOC_TABLE),
                "the engine created the report's table");
        assertFalse(node.shard(SHARD).hasTable(DocumentedPlan.DOC_TABLE), "the version check refused it afterwards");
        Violation c5 = r.violations().stream()
                .filter(x -> x.invariant().equals("C5"))
                .findFirst()
                .orElseThrow();
        assertTrue(c5.message().contains("its storage holds 2 table(s)"), c5.message());
        // Buggy registers before the engine and refuses before it too: the failed create leaves nothing.
        StagedRun<World, SkewCluster> buggy = SCENARIO.stage(
                new RunSpec(VersionSkewScenario.NAME, Plans.BUGGY, Plans.DOCUMENTED, 46), Trace.digestOnly());
        buggy.finish();
        assertFalse(buggy.sim()
                .nodes()
                .node("node-1", DataNode.class)
                .engine()
                .tables(SHARD)
                .contains(DocumentedPlan.DOC_TABLE));
    }
}
