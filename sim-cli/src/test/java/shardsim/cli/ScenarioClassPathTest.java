package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.UserError;
import shardsim.cli.options.ScenarioClassPath;

/** SIM_CLASSPATH as the command line reads it itself (so java -jar finds outside scenarios): every bad entry is one line. */
class ScenarioClassPathTest {
    @TempDir
    Path dir;

    private Path scenarioFolder() throws IOException {
        Path f = dir.resolve("scenarios");
        Files.createDirectories(f.resolve("META-INF/services"));
        Files.writeString(f.resolve(ScenarioClassPath.SERVICE), "com.example.Nothing\n");
        return f;
    }

    @Test
    void unsetOrBlankIsNoEntry() {
        ClassLoader parent = getClass().getClassLoader();
        assertSame(parent, ScenarioClassPath.loader(null, parent));
        assertSame(parent, ScenarioClassPath.loader(" ", parent));
    }

    @Test
    void aFolderThatNamesAScenarioAndALibraryBesideItAreLoaded() throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path scenarios = scenarioFolder();
        assertEquals(List.of(scenarios, lib), ScenarioClassPath.entries(scenarios + ":" + lib));
        assertTrue(
                ScenarioClassPath.loader(scenarios.toString(), getClass().getClassLoader())
                        instanceof java.net.URLClassLoader);
    }

    @Test
    void aMissingOrEmptyEntryOrNoScenarioIsOneLine() throws IOException {
        Path scenarios = scenarioFolder();
        UserError missing = assertThrows(
                UserError.class, () -> ScenarioClassPath.entries(scenarios + ":" + dir.resolve("gone.jar")));
        assertEquals("SIM_CLASSPATH entry " + dir.resolve("gone.jar") + " does not exist", missing.getMessage());
        UserError empty = assertThrows(UserError.class, () -> ScenarioClassPath.entries(scenarios + "::" + scenarios));
        assertTrue(
                empty.getMessage().startsWith("SIM_CLASSPATH has an empty entry (entry 2 of 3 in "),
                empty.getMessage());
        Path lib = Files.createDirectories(dir.resolve("lib"));
        UserError none = assertThrows(UserError.class, () -> ScenarioClassPath.entries(lib.toString()));
        assertEquals(
                "SIM_CLASSPATH (" + lib + ") names no scenario: no entry has " + ScenarioClassPath.SERVICE,
                none.getMessage());
        Path notAJar = Files.writeString(dir.resolve("notes.jar"), "my notes");
        UserError bad = assertThrows(UserError.class, () -> ScenarioClassPath.entries(notAJar.toString()));
        assertEquals("SIM_CLASSPATH entry " + notAJar + " is neither a folder nor a readable jar", bad.getMessage());
    }
}
