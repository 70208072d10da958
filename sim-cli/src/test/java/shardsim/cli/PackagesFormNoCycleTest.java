package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import shardsim.testkit.arch.PackageGraph;

/**
 * The command line's packages form no cycle, and {@code shardsim.cli.base} depends on no other of
 * them (read from the sources by {@link PackageGraph}).
 */
class PackagesFormNoCycleTest {
    private static final String ROOT = "shardsim.cli";

    private static PackageGraph graph() throws IOException {
        return PackageGraph.read(Path.of("src", "main", "java"), ROOT);
    }

    @Test
    void noPackageReachesItself() throws IOException {
        PackageGraph g = graph();
        assertTrue(g.uses().size() >= 7, "read the packages: " + g.uses().keySet());
        List<String> cycle = g.anyCycle();
        assertTrue(cycle.isEmpty(), "package cycle: " + String.join(" -> ", cycle));
    }

    @Test
    void basePackageIsALeaf() throws IOException {
        PackageGraph g = graph();
        assertTrue(g.uses().containsKey(ROOT + ".base"));
        assertEquals(Set.of(), g.usesOf(ROOT + ".base"));
    }
}
