package shardsim.scenarios.versionskew.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.run.StagedRun;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.scenarios.versionskew.VersionSkewScenario;
import shardsim.scenarios.versionskew.model.SkewProtocol.CloseShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.CreateTable;
import shardsim.scenarios.versionskew.model.SkewProtocol.CreateTableOnShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.DdlResult;
import shardsim.scenarios.versionskew.model.SkewProtocol.DropTable;
import shardsim.scenarios.versionskew.model.SkewProtocol.DropTableOnShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.GetTablesOfShards;
import shardsim.scenarios.versionskew.model.SkewProtocol.Heartbeat;
import shardsim.scenarios.versionskew.model.SkewProtocol.OpenShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.ShardEntry;
import shardsim.scenarios.versionskew.model.SkewProtocol.ShardResult;
import shardsim.scenarios.versionskew.model.SkewProtocol.TablesOfShard;
import shardsim.scenarios.versionskew.plan.DocumentedPlan;
import shardsim.scenarios.versionskew.plan.World;

/**
 * Sends every message kind to the node that handles it. Requests must be handled; replies reach a
 * call's callback, never onMessage, so onMessage must refuse them. A new kind missing from the
 * table below fails the first test.
 */
class VersionSkewMessagesTest {
    private static final int SHARD = DocumentedPlan.DOC_SHARD;
    private static final long V = DocumentedPlan.DOC_VERSION;

    /** Each kind, an example, and the node whose onMessage handles it (null: a reply, refused by every onMessage). */
    private static Map<Class<?>, Object[]> examples() {
        ShardInfo info = new ShardInfo(SHARD, ShardRole.Leader, V);
        Map<Class<?>, Object[]> m = new LinkedHashMap<>();
        m.put(CreateTableOnShard.class, new Object[] {
            new CreateTableOnShard(new UpdateShardInfo(info, V), "T1"), "node-1"
        });
        m.put(DropTableOnShard.class, new Object[] {new DropTableOnShard(new UpdateShardInfo(info, V), "T1"), "node-1"
        });
        // The close first: it releases node-1's lock on the shard, which node-2's open then takes.
        m.put(CloseShard.class, new Object[] {new CloseShard(SHARD, 0), "node-1"});
        m.put(OpenShard.class, new Object[] {new OpenShard(info, 0), "node-2"});
        m.put(GetTablesOfShards.class, new Object[] {new GetTablesOfShards(SHARD), MetaNode.NAME});
        m.put(Heartbeat.class, new Object[] {
            new Heartbeat("node-1", 0, List.of(new ShardEntry(new ShardInfo(SHARD, ShardRole.Leader, V + 3)))),
            MetaNode.NAME
        });
        m.put(CreateTable.class, new Object[] {new CreateTable(SHARD, "T2"), MetaNode.NAME});
        m.put(DropTable.class, new Object[] {new DropTable(SHARD, "T2"), MetaNode.NAME});
        m.put(ShardResult.class, new Object[] {new ShardResult(true, "", V), null});
        m.put(TablesOfShard.class, new Object[] {new TablesOfShard(info, List.of("T1")), null});
        m.put(DdlResult.class, new Object[] {new DdlResult(true, ""), null});
        return m;
    }

    @Test
    void theTableCoversEveryKind() {
        TreeSet<String> permitted = new TreeSet<>();
        for (Class<?> c : SkewProtocol.class.getPermittedSubclasses()) {
            permitted.add(c.getSimpleName());
        }
        TreeSet<String> covered = new TreeSet<>();
        for (Class<?> c : examples().keySet()) {
            covered.add(c.getSimpleName());
        }
        assertEquals(permitted, covered);
    }

    @Test
    void everyKindReachesItsHandler() {
        StagedRun<World, SkewCluster> run = new VersionSkewScenario()
                .stage(new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.DOCUMENTED, 1), Trace.full());
        run.sim().runUntil(100_000);
        List<String> handled = new ArrayList<>();
        long id = 1_000_000;
        for (Map.Entry<Class<?>, Object[]> e : examples().entrySet()) {
            SkewProtocol msg = (SkewProtocol) e.getValue()[0];
            String to = (String) e.getValue()[1];
            if (to == null) {
                for (String node : List.of(MetaNode.NAME, "node-1", ClientDriver.NAME)) {
                    Envelope env = new Envelope(
                            id++, "node-2", node, msg, 0, false, run.sim().now());
                    Node target = run.sim().nodes().node(node);
                    IllegalStateException ex = assertThrows(IllegalStateException.class, () -> target.onMessage(env));
                    assertTrue(ex.getMessage().startsWith("unknown message"), ex.getMessage());
                }
                continue;
            }
            String from = MetaNode.NAME.equals(to) ? ClientDriver.NAME : MetaNode.NAME;
            Envelope env =
                    new Envelope(id++, from, to, msg, id, false, run.sim().now());
            long before = run.sim().record().trace().count();
            run.sim()
                    .at(
                            run.sim().now(),
                            "deliver " + e.getKey().getSimpleName(),
                            () -> run.sim().nodes().node(to).onMessage(env));
            run.sim().runUntil(run.sim().now());
            assertTrue(
                    run.sim().record().trace().count() > before + 1,
                    e.getKey().getSimpleName() + " left a trace at " + to);
            handled.add(e.getKey().getSimpleName());
        }
        assertEquals(8, handled.size());
        // node-2's open fetched meta's stored view; let the GetTablesOfShards round trip finish.
        run.sim().runUntil(run.sim().now() + 1_000_000);
        // The close closed the shard on node-1 and released its lock; node-2 took the lock and holds the shard at
        // meta's version.
        assertEquals(null, run.sim().nodes().node("node-1", DataNode.class).shard(SHARD));
        assertEquals(
                V, run.sim().nodes().node("node-2", DataNode.class).shard(SHARD).version());
        assertEquals("node-2", run.driver().locks().holder(SHARD, run.sim().now()));
    }
}
