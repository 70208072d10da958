package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import shardsim.cli.io.Json;
import tools.jackson.databind.node.ObjectNode;

/** A sweep of plan targeted gives each seed the same run (digest, verdict, events) on one thread and on two. */
class TargetedSweepTest {
    @TempDir
    Path dir;

    private static TreeMap<Long, String> bySeed(Path file) throws IOException {
        TreeMap<Long, String> out = new TreeMap<>();
        for (String line : Files.readAllLines(file)) {
            ObjectNode o = Json.object(line, "line");
            o.remove("wallMicros");
            out.put(o.get("seed").longValue(), Json.line(o));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"version-skew", "drop-after-clone", "split-stall"})
    void resultsDoNotDependOnTheThreadCount(String scenario) throws IOException {
        Path one = dir.resolve("one.jsonl");
        Path two = dir.resolve("two.jsonl");
        Cli.real("sweep", scenario, "--mode", "buggy", "--plan", "targeted", "--seeds", "0..11", "--threads", "1", "--out", one.toString());
        Cli.real("sweep", scenario, "--mode", "buggy", "--plan", "targeted", "--seeds", "0..11", "--threads", "2", "--out", two.toString());
        assertEquals(12, bySeed(one).size());
        assertEquals(bySeed(one), bySeed(two));
        assertTrue(bySeed(one).values().stream().allMatch(l -> l.contains("\"plan\":\"targeted\"")), bySeed(one).firstEntry().getValue());
    }
}
