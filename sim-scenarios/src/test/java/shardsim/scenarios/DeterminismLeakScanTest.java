package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Scans the simulation sources (sim-core and sim-scenarios, main code) for what breaks
 * determinism: wall clocks, unseeded randomness, threads, and hash-ordered collections (the
 * immutable {@code Map.of} and {@code Set.of} too: their iteration order is salted per JVM).
 */
class DeterminismLeakScanTest {
    private static final Pattern FORBIDDEN = Pattern.compile(
            "System\\.(currentTimeMillis|nanoTime)|new Random\\(|java\\.util\\.Random\\b|Math\\.random|ThreadLocalRandom|UUID\\.randomUUID"
                    + "|Instant\\.now|LocalDateTime\\.now|Thread\\.sleep|new Thread\\(|Executors\\.|parallelStream|new HashMap|new HashSet|(?<!Linked)HashMap<|(?<!Linked)HashSet<"
                    + "|\\.hashCode\\(\\) *%|identityHashCode|\\b(Map|Set)\\.(of|copyOf)\\(");

    @Test
    void simulationSourcesHaveNoDeterminismLeaks() throws IOException {
        List<String> leaks = new ArrayList<>();
        int files = 0;
        for (String root : List.of("../sim-core/src/main/java", "src/main/java")) {
            Path dir = Path.of(root);
            assertTrue(Files.isDirectory(dir), "missing " + dir.toAbsolutePath());
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.filter(f -> f.toString().endsWith(".java"))
                        .sorted()
                        .toList()) {
                    files++;
                    List<String> lines = Files.readAllLines(p);
                    for (int i = 0; i < lines.size(); i++) {
                        String line = lines.get(i);
                        if (FORBIDDEN.matcher(line).find()
                                && !line.trim().startsWith("*")
                                && !line.trim().startsWith("//")) {
                            leaks.add(p + ":" + (i + 1) + ": " + line.trim());
                        }
                    }
                }
            }
        }
        assertTrue(files > 30, "scanned only " + files + " files");
        assertTrue(leaks.isEmpty(), "determinism leaks:\n" + String.join("\n", leaks));
    }
}
