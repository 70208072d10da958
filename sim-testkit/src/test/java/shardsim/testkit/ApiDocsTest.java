package shardsim.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every public type and member of sim-core's scenario-facing packages and of the test kit has a
 * javadoc comment (the build's javadoc run checks the comments' HTML, syntax and references).
 */
class ApiDocsTest {
    /** The packages a scenario's code reads and writes against. */
    static final List<String> CORE_API = List.of(
            "shardsim.core.run",
            "shardsim.core.scenario",
            "shardsim.core.sim",
            "shardsim.core.node",
            "shardsim.core.fault",
            "shardsim.core.net",
            "shardsim.core.workload",
            "shardsim.core.check",
            "shardsim.core.coverage",
            "shardsim.core.aim",
            "shardsim.core.worker",
            "shardsim.core.random",
            "shardsim.core.rollout",
            "shardsim.core.blocks",
            "shardsim.core.kind");

    static final List<String> TESTKIT = List.of("shardsim.testkit", "shardsim.testkit.arbitraries");

    @Test
    void everyPublicTypeAndMemberOfTheScenarioApiIsDocumented() {
        ApiDocs.Tally core = ApiDocs.count(Path.of("..", "sim-core", "src", "main", "java"), CORE_API);
        ApiDocs.Tally kit = ApiDocs.count(Path.of("src", "main", "java"), TESTKIT);
        System.out.println("API docs: sim-core scenario-facing packages " + core.documented() + " of " + core.total()
                + " documented; sim-testkit " + kit.documented() + " of " + kit.total());
        assertEquals(List.of(), core.missing(), core.missing().size() + " of " + core.total() + " undocumented");
        assertEquals(List.of(), kit.missing(), kit.missing().size() + " of " + kit.total() + " undocumented");
    }
}
