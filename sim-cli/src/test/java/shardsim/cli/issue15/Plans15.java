package shardsim.cli.issue15;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import shardsim.cli.io.Json;
import shardsim.cli.io.PlanFile;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.Scenarios;
import tools.jackson.databind.node.ObjectNode;

/** Plan files for the regression cases: a scenario's documented plan as data, then one edit. */
final class Plans15 {
    private Plans15() {}

    static ObjectNode documented(String scenario) {
        var s = Scenarios.byName(scenario).orElseThrow();
        return PlanFile.toJson(s.planOf(new RunSpec(scenario, "buggy", "documented", 0)), scenario, 0L);
    }

    /** The documented plan with one more fault. */
    static ObjectNode withFault(String scenario, String faultJson) {
        ObjectNode o = documented(scenario);
        o.withArray("faults").add(Json.object(faultJson, "fault"));
        return o;
    }

    /** The documented plan with one more operation. */
    static ObjectNode withOperation(String scenario, String opJson) {
        ObjectNode o = documented(scenario);
        o.withArray("workload").add(Json.object(opJson, "operation"));
        return o;
    }

    static Path write(Path dir, String name, ObjectNode plan) throws IOException {
        return Files.writeString(dir.resolve(name), plan.toPrettyString());
    }
}
