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

/**
 * A sweep of plan targeted gives each seed the same run (digest, verdict, events) on one thread and
 * on two, and the same header and checkpoint (latencies and coverage of all its seeds).
 */
class TargetedSweepTest {
    @TempDir
    Path dir;

    /** Seed lines by seed, without their wall time; the header under -1 and the checkpoints under -2, -3, ... */
    private static TreeMap<Long, String> bySeed(Path file) throws IOException {
        TreeMap<Long, String> out = new TreeMap<>();
        long other = -1;
        for (String line : Files.readAllLines(file)) {
            ObjectNode o = Json.object(line, "line");
            if (o.has("s")) {
                o.remove("w");
                out.put(o.get("s").longValue(), Json.line(o));
            } else {
                out.put(other--, Json.line(o));
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"version-skew", "drop-after-clone", "split-stall"})
    void resultsDoNotDependOnTheThreadCount(String scenario) throws IOException {
        Path one = dir.resolve("one.jsonl");
        Path two = dir.resolve("two.jsonl");
        Cli.real(
                "sweep",
                scenario,
                "--mode",
                "buggy",
                "--plan",
                "targeted",
                "--seeds",
                "0..11",
                "--threads",
                "1",
                "--out",
                one.toString());
        Cli.real(
                "sweep",
                scenario,
                "--mode",
                "buggy",
                "--plan",
                "targeted",
                "--seeds",
                "0..11",
                "--threads",
                "2",
                "--out",
                two.toString());
        TreeMap<Long, String> lines = bySeed(one);
        assertEquals(12, lines.tailMap(0L).size());
        assertEquals(14, lines.size(), "a header, 12 seed lines and one checkpoint: " + lines);
        assertEquals(lines, bySeed(two));
        assertTrue(lines.get(-1L).contains("\"plan\":\"targeted\""), lines.get(-1L));
    }
}
