package shardsim.scenarios.versionskew.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.blocks.RequestInbox;
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
 * C5 where upstream leaves it and where #286 closes it. The documented world: a drop's answer is
 * lost, so node-1 is one version ahead of meta; the next create on the shard runs in node-1's
 * engine, then fails the version check: an orphan. A client that retries it meets meta at 81b8d68
 * ("table already exists": the orphan stays) or at d880dd2, which dispatches again once the
 * heartbeat repair lifted meta to node-1's version, and the engine's idempotent create adopts it.
 */
class RetryingClientTest {
    private static final VersionSkewScenario SCENARIO = new VersionSkewScenario();
    private static final int SHARD = DocumentedPlan.DOC_SHARD;
    private static final long V = DocumentedPlan.DOC_VERSION;

    private static StagedRun<World, SkewCluster> run(String mode) {
        FaultPlan faults = FaultPlan.builder()
                .lasting(900_000, 3_000_000, new SkewFault.DropResponse("node-1", "DropTableOnShard"))
                .build();
        Workload workload = Workload.builder()
                .at(500_000, new SkewOperation.CreateTable(SHARD, "X"))
                .at(1_000_000, new SkewOperation.DropTable(SHARD, "X"))
                .at(4_500_000, new SkewOperation.CreateTable(SHARD, "B"))
                .build();
        CustomPlan plan = new CustomPlan("retry.json", Plans.DOCUMENTED, LinkPolicy.reliable(), faults, workload);
        return SCENARIO.stage(RunSpec.custom(VersionSkewScenario.NAME, mode, plan, 1), Trace.digestOnly());
    }

    private static List<String> invariants(RunResult r) {
        return r.violations().stream().map(Violation::invariant).toList();
    }

    @Test
    void theVersionCheckRefusesTheCreateAfterTheEngineMadeIt() {
        StagedRun<World, SkewCluster> run = run(Plans.FIXED);
        run.sim().runUntil(4_600_000);
        assertEquals(
                V + 2,
                run.driver().leaderVersion(SHARD),
                "node-1 ran the create of X and the drop whose answer was lost");
        assertEquals(V + 1, run.driver().metaVersion(SHARD));
        assertTrue(run.driver().storage().tables(SHARD).contains("B"), "the engine created B before the version check");
        assertFalse(
                run.sim().nodes().node("node-1", DataNode.class).shard(SHARD).hasTable("B"),
                "the version check refused it");
        RunResult r = run.finish();
        assertEquals(List.of("C5"), invariants(r), r.violations().toString());
    }

    @Test
    void meta81b8d68RefusesTheRetryAndTheOrphanStays() {
        StagedRun<World, SkewCluster> run = run(SkewMode.RETRY_81B8D68);
        RunResult r = run.finish();
        assertEquals(List.of("C5"), invariants(r), r.violations().toString());
        assertTrue(
                r.violations().get(0).message().contains("first B"),
                r.violations().get(0).message());
        ClientDriver client = run.sim().nodes().node(ClientDriver.NAME, ClientDriver.class);
        assertTrue(
                client.answers().stream().anyMatch(a -> a.error().startsWith("table already exists")),
                "the retry met the leftover metadata");
        assertFalse(client.created().containsKey("B"));
    }

    @Test
    void metaD880dd2ReusesTheMetadataAndTheRetryAdoptsTheOrphan() {
        StagedRun<World, SkewCluster> run = run(SkewMode.RETRY_D880DD2);
        RunResult r = run.finish();
        assertTrue(r.ok(), r.violations().toString());
        ClientDriver client = run.sim().nodes().node(ClientDriver.NAME, ClientDriver.class);
        assertEquals(SHARD, client.created().get("B"), "the client was told B was created");
        assertTrue(
                client.sent().stream()
                                .filter(s -> s.what().equals("CREATE TABLE B"))
                                .count()
                        > 1,
                "it took a retry");
        assertTrue(run.sim().nodes().node("node-1", DataNode.class).shard(SHARD).hasTable("B"));
    }

    @Test
    void aDuplicatedEnvelopeReachesItsHandlerOnce() {
        RequestInbox inbox = new RequestInbox();
        shardsim.core.node.Envelope env = new shardsim.core.node.Envelope(
                7, "meta", "node-1", new SkewProtocol.GetTablesOfShards(SHARD), 3, false, 0);
        assertTrue(inbox.first(env));
        assertFalse(inbox.first(env), "the link's copy");
        assertTrue(
                inbox.first(new shardsim.core.node.Envelope(8, "meta", "node-1", env.message(), 4, false, 0)),
                "another request");
    }

    @Test
    void theEnginesCreateAndDropAreIdempotent() {
        ShardStorage storage = new ShardStorage();
        Engine e = new Engine(storage);
        e.open(SHARD, List.of());
        assertTrue(e.create(SHARD, "T"));
        assertTrue(e.create(SHARD, "T"), "a create of a table it holds returns it");
        assertEquals(2, e.applied(SHARD));
        assertFalse(e.last(SHARD).changed());
        assertTrue(e.drop(SHARD, "U"), "a drop of a table it does not hold succeeds");
        assertEquals(java.util.Set.of("T"), storage.tables(SHARD));
        e.close(SHARD);
        e.open(SHARD, List.of());
        assertEquals(
                java.util.Set.of("T"), storage.tables(SHARD), "storage outlives the reopen that leaves T unopened");
        assertTrue(e.tables(SHARD).isEmpty());
    }
}
