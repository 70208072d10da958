package shardsim.scenarios;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;
import shardsim.scenarios.splitstall.SplitStallScenario;
import shardsim.scenarios.versionskew.VersionSkewScenario;

/** The registry of every scenario, in the order the command line lists them. */
public final class Scenarios {
    private Scenarios() {
    }

    public static List<Scenario> all() {
        List<Scenario> out = new ArrayList<>();
        out.add(new VersionSkewScenario());
        out.add(new DropAfterCloneScenario());
        out.add(new SplitStallScenario());
        return List.copyOf(out);
    }

    public static Optional<Scenario> byName(String name) {
        return all().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public static List<String> names() {
        return all().stream().map(Scenario::name).toList();
    }
}
