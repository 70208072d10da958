package shardsim.cli.options;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import picocli.CommandLine.Option;
import shardsim.cli.base.UserError;
import shardsim.core.scenario.NodeModes;
import shardsim.core.scenario.Scenario;

/** {@code --node-mode NAME=MODE}, repeatable: a node or a role that starts on another mode's code than the run's. */
public final class NodeModeOption {
    @Option(
            names = "--node-mode",
            paramLabel = "NAME=MODE",
            description = {
                "Start a node or a role (see 'sim list') on the code of another mode than --mode;",
                "repeatable, a node's entry beats its role's, and it overrides the plan file's \"modes\" for that name."
            })
    List<String> pairs = new ArrayList<>();

    /** The pairs given, by name, their modes checked against the scenario's (the names are checked against a seed's world later). */
    public SortedMap<String, String> of(Scenario scenario) {
        TreeMap<String, String> out = new TreeMap<>();
        for (String pair : pairs) {
            Map.Entry<String, String> e;
            try {
                e = NodeModes.parse(pair);
            } catch (IllegalArgumentException x) {
                throw new UserError(x.getMessage());
            }
            if (!scenario.modes().contains(e.getValue())) {
                throw new UserError("--node-mode " + pair + ": unknown mode '" + e.getValue() + "' for "
                        + scenario.name() + " (expected one of " + String.join(", ", scenario.modes()) + ")");
            }
            String before = out.put(e.getKey(), e.getValue());
            if (before != null && !before.equals(e.getValue())) {
                throw new UserError(
                        "--node-mode gives " + e.getKey() + " two modes, " + before + " and " + e.getValue());
            }
        }
        return NodeModes.copy(out);
    }
}
