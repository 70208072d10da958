package shardsim.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every {@code ./sim ...} command in README.md and docs/ parses against the picocli model and
 * names a scenario, modes, plans and invariants that exist (DocCommandsE2E runs the cheap ones).
 */
class DocCommandsTest {
    private final DocCommandCheck check = new DocCommandCheck();

    @Test
    void everyDocumentedCommandParsesAndNamesWhatExists() {
        List<DocCommand> commands = DocCommands.in(DocCommands.root());
        assertTrue(commands.size() >= 20, "README.md and docs/ show the commands: " + commands.size() + " found");
        List<String> broken = new ArrayList<>();
        for (DocCommand c : commands) {
            for (String problem : check.problems(c)) {
                broken.add(c + "\n    " + problem);
            }
        }
        if (!broken.isEmpty()) {
            fail(broken.size() + " documented command(s) do not match the command line:\n" + String.join("\n", broken));
        }
    }

    @Test
    void outputFormatsNamesTheVersionsTheReadersAccept() throws java.io.IOException {
        String page = java.nio.file.Files.readString(DocCommands.root().resolve("docs/output-formats.md"));
        for (String expected : List.of(
                "schema `" + shardsim.cli.io.TraceFile.SCHEMA + "`, `schemaVersion` "
                        + shardsim.cli.io.TraceFile.SCHEMA_VERSION,
                "schema `" + shardsim.cli.io.PlanFile.SCHEMA + "`, `schemaVersion` "
                        + shardsim.cli.io.PlanFile.SCHEMA_VERSION,
                "`format` `" + shardsim.cli.sweep.ResultHeader.FORMAT + "`")) {
            assertTrue(page.contains(expected), "docs/output-formats.md should say: " + expected);
        }
    }

    @Test
    void aMisspelledOptionAnUnknownModeOrPlanOrScenarioIsCaught() {
        String doc = String.join(
                "\n",
                "Try `./sim run version-skew --mdoe buggy`.",
                "```",
                "./sim run version-skew --mode bugy   # exit 1",
                "./sim sweep split-stall --plan randmo --seeds 0..9",
                "./sim run no-such-scenario",
                "./sim run drop-after-clone \\",
                "    --mode fixed --plan documented   # exit 0",
                "```",
                "");
        List<DocCommand> commands = DocCommands.of("planted.md", doc);
        assertEquals(5, commands.size(), commands.toString());
        assertTrue(
                check.problems(commands.get(0)).get(0).contains("--mdoe"),
                check.problems(commands.get(0)).toString());
        assertTrue(
                check.problems(commands.get(1)).get(0).contains("unknown mode 'bugy'"),
                check.problems(commands.get(1)).toString());
        assertEquals(1, commands.get(1).expectedExit());
        assertTrue(
                check.problems(commands.get(2)).get(0).contains("unknown plan 'randmo'"),
                check.problems(commands.get(2)).toString());
        assertTrue(
                check.problems(commands.get(3)).get(0).contains("unknown scenario"),
                check.problems(commands.get(3)).toString());
        assertEquals(List.of(), check.problems(commands.get(4)));
        assertEquals(
                List.of("run", "drop-after-clone", "--mode", "fixed", "--plan", "documented"),
                commands.get(4).args());
        assertEquals(0, commands.get(4).expectedExit());
        assertEquals("planted.md:6", commands.get(4).where());
        List<DocCommand> names =
                DocCommands.of("names.md", "`./sim run` runs a seed; `./sim` builds the jar; `./sim rnu` is a typo.\n");
        assertEquals(List.of(), check.problems(names.get(0)));
        assertEquals(List.of(), check.problems(names.get(1)));
        assertTrue(
                check.problems(names.get(2)).get(0).contains("no command 'rnu'"),
                check.problems(names.get(2)).toString());
    }

    @Test
    void theEnvironmentPrefixPipesAndTemplatesAreRead() {
        List<DocCommand> commands = DocCommands.of(
                "t.md",
                String.join(
                        "\n",
                        "```",
                        "SIM_CLASSPATH=x.jar ./sim run pd-stale-leader --mode buggy",
                        "./sim list | head -3",
                        "./sim run split-stall 2>/dev/null",
                        "sim sweep SCENARIO --seeds A..B",
                        "```",
                        ""));
        assertEquals(3, commands.size(), commands.toString());
        assertEquals("x.jar", commands.get(0).env().get("SIM_CLASSPATH"));
        assertEquals(List.of(), check.problems(commands.get(0)));
        assertEquals(List.of("list"), commands.get(1).args());
        assertEquals(List.of("run", "split-stall"), commands.get(2).args());
    }
}
