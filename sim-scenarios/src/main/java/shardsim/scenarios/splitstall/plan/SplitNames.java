package shardsim.scenarios.splitstall.plan;

import java.util.List;
import shardsim.core.scenario.WorldNames;

/** The names a plan may use in a run's world: its stores (the nodes) and its regions. */
public final class SplitNames {
    private SplitNames() {}

    public static WorldNames of(List<String> stores, List<Long> regions) {
        return WorldNames.builder()
                .nodes(stores)
                .field("store", stores)
                .field("regionId", regions)
                .build();
    }
}
