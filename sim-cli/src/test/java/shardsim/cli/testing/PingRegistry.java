package shardsim.cli.testing;

import java.util.List;
import java.util.function.Supplier;
import shardsim.core.scenario.Scenario;

/** The registry a child JVM loads (through {@code -Dshardsim.registry}) to see the ping scenario. */
public final class PingRegistry implements Supplier<List<Scenario>> {
    @Override
    public List<Scenario> get() {
        return List.of(new PingScenario());
    }
}
