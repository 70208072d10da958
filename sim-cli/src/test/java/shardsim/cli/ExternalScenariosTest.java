package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.testing.DorisCopy;
import shardsim.cli.testing.PingScenario;
import shardsim.cli.testing.SecondPing;
import shardsim.cli.testing.TakenName;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.Scenarios;
import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;
import tools.jackson.databind.JsonNode;

/**
 * Scenarios from outside: found as services through a class loader, added after the built-ins
 * (sorted by name), run by every command; a name taken twice is one line on stderr, exit 2.
 */
class ExternalScenariosTest {
    @TempDir
    Path dir;

    private URLClassLoader loader(String folder, List<Class<? extends Scenario>> providers) throws IOException {
        return ScenarioJar.loader(Files.createDirectory(dir.resolve(folder)), providers);
    }

    private static List<String> listed(Cli.Result r) {
        assertEquals(ExitCodes.OK, r.code(), r.err());
        List<String> names = new ArrayList<>();
        for (JsonNode s : Json.MAPPER.readTree(r.out())) {
            names.add(s.get("name").asString());
        }
        return names;
    }

    private static void assertOneLine(Cli.Result r, String expected) {
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in " + r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void externalScenariosComeAfterTheBuiltInsSortedByName() throws IOException {
        // The services file names doris-copy before ping, and a built-in's own class, which is no second scenario.
        try (URLClassLoader l =
                loader("s", List.of(DorisCopy.class, PingScenario.class, DropAfterCloneScenario.class))) {
            List<String> expected = new ArrayList<>(Scenarios.names());
            expected.addAll(List.of("doris-copy", "ping"));
            assertEquals(expected, listed(Cli.discovering(l, "list", "--json")));
            assertTrue(Cli.discovering(l, "list").out().contains("ping: a client counts duplicated pongs as answers"));
        }
        try (URLClassLoader none = loader("none", List.of())) {
            assertEquals(
                    Scenarios.names(),
                    listed(Cli.discovering(none, "list", "--json")),
                    "nothing added: the built-ins alone");
        }
    }

    @Test
    void aNameTakenTwiceIsOneLineAndExit2() throws IOException {
        try (URLClassLoader l = loader("taken", List.of(PingScenario.class, TakenName.class))) {
            for (String[] args : List.of(new String[] {"list"}, new String[] {"run", "ping"}, new String[] {
                "sweep", "ping", "--seeds", "0..1"
            })) {
                assertOneLine(Cli.discovering(l, args), "scenario " + TakenName.class.getName());
            }
            assertOneLine(
                    Cli.discovering(l, "list"),
                    "is named 'drop-after-clone', like the built-in scenario "
                            + DropAfterCloneScenario.class.getName());
            assertEquals(ExitCodes.OK, Cli.discovering(l, "--version").code(), "help and version need no scenario");
            assertEquals(ExitCodes.OK, Cli.discovering(l, "run", "--help").code());
        }
        try (URLClassLoader l = loader("twice", List.of(PingScenario.class, SecondPing.class))) {
            assertOneLine(Cli.discovering(l, "list"), "is named 'ping', like scenario ");
        }
    }

    @Test
    void aScenarioThatCannotBeLoadedIsOneLineAndExit2() throws IOException {
        Path services = Files.createDirectories(
                dir.resolve("broken").resolve(ScenarioJar.SERVICES).getParent());
        Files.writeString(services.resolve(Scenario.class.getName()), "com.example.NoSuchScenario\n");
        try (URLClassLoader l = new URLClassLoader(
                new java.net.URL[] {dir.resolve("broken").toUri().toURL()},
                getClass().getClassLoader())) {
            assertOneLine(Cli.discovering(l, "list"), "cannot load a scenario from the class path: ");
            assertOneLine(Cli.discovering(l, "list"), "com.example.NoSuchScenario");
        }
    }

    @Test
    void everyCommandRunsAnExternalScenario() throws IOException {
        try (URLClassLoader l = loader("s", List.of(PingScenario.class, DorisCopy.class))) {
            Path trace = dir.resolve("ping.jsonl");
            Cli.Result run = Cli.discovering(
                    l, "run", "ping", "--mode", "buggy", "--plan", "documented", "--trace", trace.toString());
            assertEquals(ExitCodes.VIOLATION, run.code(), run.err());
            assertTrue(
                    run.out().contains("reproduce: ./sim run ping --mode buggy --plan documented --seed 0"), run.out());
            Cli.Result replay = Cli.discovering(l, "replay", trace.toString());
            assertEquals(ExitCodes.OK, replay.code(), replay.out() + replay.err());
            Cli.Result sweep = Cli.discovering(
                    l, "sweep", "ping", "--mode", "fixed", "--seeds", "0..19", "--threads", "2", "--json");
            assertEquals(ExitCodes.OK, sweep.code(), sweep.err());
            assertEquals(20, Json.MAPPER.readTree(sweep.out()).get("runs").asInt(), sweep.out());
            Cli.Result check = Cli.discovering(l, "check-determinism", "ping", "--seeds", "0..4");
            assertEquals(ExitCodes.OK, check.code(), check.out() + check.err());
            Cli.Result power = Cli.discovering(
                    l, "power", "ping", "--starts", "2", "--max-seeds", "50", "--threads", "1", "--json");
            assertEquals(ExitCodes.OK, power.code(), power.err());
            assertEquals(
                    "ping", Json.MAPPER.readTree(power.out()).get("scenario").asString());
            Path shrunk = dir.resolve("shrunk.json");
            Cli.Result shrink = Cli.discovering(
                    l,
                    "shrink",
                    "doris-copy",
                    "--plan",
                    "documented",
                    "--threads",
                    "1",
                    "--out",
                    shrunk.toString(),
                    "--json");
            assertEquals(ExitCodes.OK, shrink.code(), shrink.err());
            Cli.Result again = Cli.discovering(l, "run", "doris-copy", "--mode", "buggy", "--plan", shrunk.toString());
            assertEquals(
                    ExitCodes.VIOLATION, again.code(), "the shrunk plan still fails: " + again.out() + again.err());
        }
    }
}
