package shardsim.scenarios.versionskew.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.Plans;
import shardsim.scenarios.versionskew.model.ClientDriver;
import shardsim.scenarios.versionskew.model.MetaNode;
import shardsim.scenarios.versionskew.model.ShardView;

/**
 * What a run draws from its seed that is neither a fault nor a client request: the data nodes
 * and shards, when the fault window ends (the quiet tail starts), and when the first heartbeat
 * goes out. A custom plan runs in the world of its base plan, so its faults and requests meet the
 * same cluster as the built-in run they came from.
 *
 * @param base the built-in plan the world is drawn as
 * @param layout the data nodes and meta's initial view of every shard
 * @param tailStartMicros when the quiet tail starts; every fault has ended by then
 * @param firstHeartbeatMicros when every data node sends its first heartbeat; -1 to draw it per node
 */
public record World(String base, Layout layout, long tailStartMicros, long firstHeartbeatMicros)
        implements shardsim.core.run.World {
    /** The documented world's quiet tail starts here. */
    public static final long DOC_TAIL_MICROS = 20_000_000;

    static final long RANDOM_TAIL_MICROS = 40_000_000;

    public static World of(String base, long seed) {
        if (Plans.DOCUMENTED.equals(base)) {
            return new World(base, documentedLayout(), DOC_TAIL_MICROS, DocumentedPlan.DOC_FIRST_HEARTBEAT_MICROS);
        }
        return new World(base, randomLayout(new SimRandom(seed).fork("layout")), RANDOM_TAIL_MICROS, -1);
    }

    /** Every node, in the order the run adds them: meta, the data nodes, the client. Kernel faults may name any. */
    @Override
    public List<String> nodes() {
        List<String> out = new ArrayList<>();
        out.add(MetaNode.NAME);
        out.addAll(layout.dataNodes());
        out.add(ClientDriver.NAME);
        return out;
    }

    /** The nodes a fault may crash: meta and the data nodes (the client stands for the user). */
    @Override
    public List<String> crashableNodes() {
        List<String> out = new ArrayList<>();
        out.add(MetaNode.NAME);
        out.addAll(layout.dataNodes());
        return out;
    }

    /** The meta role ({@code meta}, ceresmeta / horaemeta): upgraded on its own, first in the rollout orders. */
    public static final String META_ROLE = "meta";
    /** The data-node role ({@code node}, the HoraeDB server), one process per data node. */
    public static final String NODE_ROLE = "node";
    /**
     * The processes an operator upgrades separately: meta, then the data nodes. The fix spans both
     * (horaedb #1286 on the node, ceresmeta #264 and #268 on meta), so each side runs its own row.
     * The client stands for the user and runs no versioned code: it is in no role, so it runs the
     * run's mode and no rollout upgrades it.
     */
    @Override
    public Map<String, List<String>> roles() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        out.put(META_ROLE, List.of(MetaNode.NAME));
        out.put(NODE_ROLE, List.copyOf(layout.dataNodes()));
        return out;
    }

    /** The layout, recorded as a run parameter. */
    @Override
    public Map<String, Object> params() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("layout", layout);
        return out;
    }

    private static Layout documentedLayout() {
        List<ShardView> shards = List.of(
                new ShardView(DocumentedPlan.DOC_SHARD, DocumentedPlan.DOC_VERSION, List.of(), "node-1"),
                new ShardView(47, 1204, List.of(), "node-2"));
        return new Layout(List.of("node-1", "node-2"), shards);
    }

    private static Layout randomLayout(SimRandom r) {
        int nodes = (int) r.between(2, 3);
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            names.add("node-" + i);
        }
        int count = (int) r.between(2, 5);
        int base = (int) r.between(1, 120);
        List<ShardView> shards = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            shards.add(new ShardView(base + i, r.between(1, 5_000), List.of(), r.pick(names)));
        }
        return new Layout(names, shards);
    }
}
