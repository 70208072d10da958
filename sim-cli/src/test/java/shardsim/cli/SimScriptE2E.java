package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.testing.DorisCopy;
import shardsim.cli.testing.PingScenario;
import shardsim.cli.testing.TakenName;
import shardsim.scenarios.Scenarios;
import tools.jackson.databind.JsonNode;

/**
 * The launcher {@code ./sim} with {@code SIM_CLASSPATH}: scenario jars built here are found as
 * services, listed after the built-ins and run. The script runs from a copy of the repository's
 * layout holding only the script and the built jar, so it never starts a build of its own.
 */
class SimScriptE2E {
    @TempDir
    Path dir;

    private Path sim;

    private record Proc(int code, String out, String err) {}

    @BeforeEach
    void layout() throws IOException {
        Path root = Files.createDirectory(dir.resolve("clone"));
        sim = Files.copy(Path.of("..", "sim"), root.resolve("sim"));
        Path target = Files.createDirectories(root.resolve("sim-cli").resolve("target"));
        Files.createSymbolicLink(
                target.resolve("sim.jar"), Path.of("target", "sim.jar").toAbsolutePath());
    }

    private Proc sim(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", sim.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().remove("SIM_CLASSPATH");
        pb.environment().remove("SIM_JAVA_OPTS");
        pb.environment().putAll(env);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "finished");
        return new Proc(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static List<String> names(Proc list) {
        assertEquals(ExitCodes.OK, list.code(), list.err());
        List<String> names = new ArrayList<>();
        for (JsonNode s : Json.MAPPER.readTree(list.out())) {
            names.add(s.get("name").asString());
        }
        return names;
    }

    @Test
    void simClasspathAddsScenariosThatEveryCommandRuns() throws Exception {
        Path ping = ScenarioJar.jar(dir.resolve("ping.jar"), List.of(PingScenario.class));
        Path doris = ScenarioJar.jar(dir.resolve("doris.jar"), List.of(DorisCopy.class));
        assertEquals(Scenarios.names(), names(sim(Map.of(), "list", "--json")), "without SIM_CLASSPATH: the built-ins");

        Map<String, String> both = Map.of("SIM_CLASSPATH", doris + ":" + ping);
        List<String> expected = new ArrayList<>(Scenarios.names());
        expected.addAll(List.of("doris-copy", "ping"));
        assertEquals(expected, names(sim(both, "list", "--json")));

        Proc run =
                sim(Map.of("SIM_CLASSPATH", ping.toString()), "run", "ping", "--mode", "buggy", "--plan", "documented");
        assertEquals(ExitCodes.VIOLATION, run.code(), run.err());
        assertTrue(run.out().contains("P1"), run.out());
        // The printed lines carry the class path, so they reproduce as pasted.
        assertTrue(run.out().contains("reproduce: SIM_CLASSPATH=" + ping + " ./sim run ping --mode buggy"), run.out());
        Proc fixed = sim(both, "run", "doris-copy", "--mode", "fixed", "--plan", "documented");
        assertEquals(ExitCodes.OK, fixed.code(), fixed.out() + fixed.err());
        Proc check = sim(
                Map.of("SIM_CLASSPATH", ping.toString()),
                "check-determinism",
                "ping",
                "--seeds",
                "0..3",
                "--fresh-jvm");
        assertEquals(ExitCodes.OK, check.code(), "the child JVM finds ping too: " + check.out() + check.err());
    }

    @Test
    void aScenarioTakingABuiltInsNameIsOneLineAndExit2() throws Exception {
        Path taken = ScenarioJar.jar(dir.resolve("taken.jar"), List.of(TakenName.class));
        Proc list = sim(Map.of("SIM_CLASSPATH", taken.toString()), "list");
        assertEquals(ExitCodes.BAD_INPUT, list.code(), list.out() + list.err());
        assertEquals(1, list.err().lines().count(), list.err());
        assertTrue(list.err().startsWith("sim list: scenario " + TakenName.class.getName() + " (" + taken), list.err());
        assertTrue(list.err().contains("is named 'drop-after-clone', like the built-in scenario"), list.err());
    }

    @Test
    void simJavaOptsStillReachTheJvm() throws Exception {
        // -version makes the JVM print its version and stop before the command line starts.
        Proc v = sim(Map.of("SIM_JAVA_OPTS", "-version"), "list");
        assertEquals(0, v.code(), v.err());
        assertTrue(v.err().contains("version") && v.out().isEmpty(), v.out() + v.err());
    }
}
