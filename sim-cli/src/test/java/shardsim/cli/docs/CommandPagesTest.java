package shardsim.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;

/**
 * docs/commands holds one page per command of the picocli model and nothing else. Their text is
 * checked by .ci/run (the build regenerates them; git must see no change).
 */
class CommandPagesTest {
    static final Path COMMITTED = Path.of("..", "docs", "commands");

    @Test
    void everyCommandHasAGeneratedPageAndNoPageOutlivesItsCommand() throws IOException {
        List<CommandSpec> specs = CommandPages.specs();
        TreeSet<String> expected = new TreeSet<>();
        for (CommandSpec spec : specs) {
            expected.add(spec.qualifiedName("-") + ".adoc");
        }
        assertTrue(expected.size() > 10, "the sim command and its subcommands: " + expected);
        assertEquals(
                expected,
                adocIn(COMMITTED),
                "docs/commands: regenerate with mvn -B -q -DskipTests package -pl sim-cli -am and commit");
    }

    @Test
    void theGeneratorWritesAPagePerCommandWithItsOptionsAndAnIndex(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("sim-gone.adoc"), "a page of a command that no longer exists");
        CommandPages.write(dir);
        assertEquals(adocIn(COMMITTED), adocIn(dir));
        String run = Files.readString(dir.resolve("sim-run.adoc"));
        assertTrue(run.contains("*--mode*=_MODE_") && run.contains("*--seed*=_N_"), run);
        String index = Files.readString(dir.resolve("README.md"));
        assertTrue(index.contains("[`sim sweep`](sim-sweep.adoc)"), index);
    }

    @Test
    void everyBuiltInScenarioHasAPageWithTheGeneratedBlocks() throws IOException {
        for (shardsim.core.scenario.Scenario s : shardsim.scenarios.Scenarios.all()) {
            String page = Files.readString(COMMITTED.resolveSibling("scenarios").resolve(s.name() + ".md"));
            for (String block : List.of("invariants", "fidelity")) {
                assertTrue(
                        page.contains(ScenarioPages.begin(block)) && page.contains(ScenarioPages.end(block)),
                        s.name() + ".md: block " + block);
            }
        }
    }

    @Test
    void aBlockIsReplacedBetweenItsMarkersAndNothingElseMoves() {
        String page = "# t\n\n" + ScenarioPages.begin("fidelity") + "old row\n" + ScenarioPages.end("fidelity")
                + "\n\nafter\n";
        String out = ScenarioPages.replace(page, "fidelity", "new row\n");
        assertEquals(
                "# t\n\n" + ScenarioPages.begin("fidelity") + "new row\n" + ScenarioPages.end("fidelity")
                        + "\n\nafter\n",
                out);
        assertEquals(page, ScenarioPages.replace(page, "invariants", "x"));
    }

    private static TreeSet<String> adocIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            TreeSet<String> out = new TreeSet<>();
            files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".adoc"))
                    .forEach(out::add);
            return out;
        }
    }
}
