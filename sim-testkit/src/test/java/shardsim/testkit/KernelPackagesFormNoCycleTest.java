package shardsim.testkit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import shardsim.testkit.arch.PackageGraph;

/**
 * The kernel's packages form no cycle: each can be read, and changed, knowing only the packages
 * below it. The kernel ({@code sim}) uses the checks, the aiming, the nodes and the trace, and none
 * of them uses the kernel: checks see it through {@code check.SimView}, aiming through
 * {@code aim.AimedInjector}. Here rather than in sim-core because the reader lives in the test kit,
 * which depends on sim-core; it reads sim-core's sources beside this module.
 */
class KernelPackagesFormNoCycleTest {
    private static final String ROOT = "shardsim.core";

    private static PackageGraph graph() throws IOException {
        return PackageGraph.read(Path.of("..", "sim-core", "src", "main", "java"), ROOT);
    }

    @Test
    void noPackageReachesItself() throws IOException {
        PackageGraph g = graph();
        assertTrue(g.uses().size() >= 15, "read the packages: " + g.uses().keySet());
        List<String> cycle = g.anyCycle();
        assertTrue(cycle.isEmpty(), "package cycle: " + String.join(" -> ", cycle));
    }

    @Test
    void theKernelsPartsDoNotReachTheKernel() throws IOException {
        PackageGraph g = graph();
        for (String part : List.of("check", "aim", "node", "trace", "worker", "workload")) {
            assertTrue(g.uses().containsKey(ROOT + "." + part), part);
            assertFalse(g.reaches(ROOT + "." + part, ROOT + ".sim"), part + " reaches the kernel");
        }
        assertTrue(g.usesOf(ROOT + ".sim")
                .containsAll(Set.of(ROOT + ".check", ROOT + ".aim", ROOT + ".node", ROOT + ".trace")));
    }
}
