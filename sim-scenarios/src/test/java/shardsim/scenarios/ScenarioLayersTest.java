package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import shardsim.testkit.arch.PackageGraph;

/**
 * Every scenario is laid out the same way: its scenario class alone at the root, and four layers
 * under it that point one way. {@code model} (what PIT mutates: sim-scenarios/pom.xml targets
 * {@code shardsim.scenarios.*.model.*}) and {@code plan} (the run's input: world, modes, faults,
 * generators) may use each other, since the nodes read their config and mode records; {@code checks}
 * read those two; {@code report} reads the rest; nothing below the root uses the root, which wires
 * them together. Read from the main sources by {@link PackageGraph}.
 */
class ScenarioLayersTest {
    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final List<String> SCENARIOS = List.of("versionskew", "dropafterclone", "splitstall");
    private static final Map<String, Set<String>> MAY_USE = Map.of(
            "model", Set.of("plan"),
            "plan", Set.of("model"),
            "checks", Set.of("model", "plan"),
            "report", Set.of("model", "plan", "checks"));

    @Test
    void eachLayerUsesOnlyTheLayersBelowIt() throws IOException {
        for (String s : SCENARIOS) {
            String root = "shardsim.scenarios." + s;
            PackageGraph g = PackageGraph.read(SOURCES, root);
            assertEquals(
                    new TreeSet<>(List.of(root, root + ".checks", root + ".model", root + ".plan", root + ".report")),
                    new TreeSet<>(g.uses().keySet()),
                    s + ": the root and its four layers, nothing else");
            for (Map.Entry<String, Set<String>> layer : MAY_USE.entrySet()) {
                String pkg = root + "." + layer.getKey();
                for (String used : g.usesOf(pkg)) {
                    String usedLayer = used.equals(root) ? "the scenario's root" : used.substring(root.length() + 1);
                    assertTrue(
                            layer.getValue().contains(usedLayer),
                            pkg + " uses " + used + "; " + layer.getKey() + " may use only " + layer.getValue());
                }
            }
        }
    }

    @Test
    void theRootHoldsOnlyTheScenarioClass() throws IOException {
        for (String s : SCENARIOS) {
            Path dir = SOURCES.resolve("shardsim/scenarios/" + s);
            List<String> files;
            try (Stream<Path> l = Files.list(dir)) {
                files = l.filter(Files::isRegularFile)
                        .map(p -> p.getFileName().toString())
                        .sorted()
                        .toList();
            }
            assertEquals(2, files.size(), s + ": " + files);
            assertTrue(files.contains("package-info.java"), s + ": " + files);
            assertTrue(files.stream().anyMatch(f -> f.endsWith("Scenario.java")), s + ": " + files);
        }
    }
}
