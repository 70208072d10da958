package shardsim.scenarios.versionskew.plan;

import java.util.List;
import shardsim.core.fault.Fault;
import shardsim.core.scenario.WorldNames;

/**
 * The names a plan may use in a run's world: kernel faults name any node (crashes only meta and
 * the data nodes), the scenario's node faults and leader transfers name data nodes, operations
 * name shards; table names are free text.
 */
public final class SkewNames {
    private SkewNames() {}

    public static WorldNames of(World world, List<Class<? extends Fault>> ownFaults) {
        WorldNames.Builder b = WorldNames.builder()
                .nodes(world.nodes())
                .field(shardsim.core.fault.NodeFault.Crash.class, "node", world.crashableNodes())
                .field(shardsim.core.fault.NodeFault.Restart.class, "node", world.crashableNodes())
                .field("shardId", world.layout().shardIds())
                .field("request", SkewFault.DropResponse.REQUESTS)
                .free("table");
        for (Class<? extends Fault> kind : ownFaults) {
            for (var c : kind.getRecordComponents()) {
                if (c.getType() == String.class && !c.getName().equals("request")) {
                    b.field(kind, c.getName(), world.layout().dataNodes());
                }
            }
        }
        return b.build();
    }
}
