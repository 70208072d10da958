package shardsim.core.explore;

import java.util.LinkedHashMap;
import java.util.Map;
import shardsim.core.scenario.FaultWindow;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.WorldNames;

/**
 * The world of a seed, as far as a mutation needs it: the names a plan may use there and the
 * window its generated faults fall in. Looked up once per seed (the last few kept), since a plan
 * runs in the world of its base plan and seed.
 */
final class Worlds {
    private static final int KEPT = 64;

    /** A seed's world. */
    record World(WorldNames names, long faultsFromMicros, long faultsToMicros) {}

    private final Scenario scenario;
    private final String mode;
    private final String base;
    private final Map<Long, World> cache = new LinkedHashMap<>(KEPT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, World> eldest) {
            return size() > KEPT;
        }
    };

    Worlds(Scenario scenario, String mode, String base) {
        this.scenario = scenario;
        this.mode = mode;
        this.base = base;
    }

    World of(long seed) {
        World w = cache.get(seed);
        if (w == null) {
            RunSpec spec = RunRequest.builtIn(scenario, base).spec(mode, seed);
            FaultWindow window = scenario.faultWindow(spec).orElse(null);
            // A scenario that does not say gets a window of the first minute; its faults are then kept where they were
            // drawn.
            w = new World(
                    scenario.worldNames(spec),
                    window == null ? 0 : window.fromMicros(),
                    window == null ? 60_000_000 : window.toMicros());
            cache.put(seed, w);
        }
        return w;
    }
}
