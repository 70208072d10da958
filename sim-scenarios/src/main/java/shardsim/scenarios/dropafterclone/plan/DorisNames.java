package shardsim.scenarios.dropafterclone.plan;

import java.util.List;
import shardsim.core.scenario.WorldNames;
import shardsim.scenarios.dropafterclone.model.Backend;

/** The names a plan may use in a run's world: its nodes, backends, tablets and task pools. */
public final class DorisNames {
    private DorisNames() {}

    public static WorldNames of(DorisWorld world) {
        return WorldNames.builder()
                .nodes(world.nodes())
                .field("backend", world.backends())
                .field("destBackend", world.backends())
                .field("tabletId", world.placement().keySet())
                .field("pool", List.of(Backend.CLONE_POOL, Backend.DROP_POOL))
                .build();
    }
}
