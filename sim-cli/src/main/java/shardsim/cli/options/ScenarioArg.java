package shardsim.cli.options;

import picocli.CommandLine.Parameters;
import shardsim.core.scenario.Scenario;

/** The SCENARIO parameter of every command that runs one. */
public final class ScenarioArg {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario name (see 'sim list').")
    String name;

    /** The scenario named, or a one-line error naming the known ones. */
    public Scenario in(Registry registry) {
        return registry.named(name);
    }
}
