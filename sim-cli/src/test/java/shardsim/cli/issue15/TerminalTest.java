package shardsim.cli.issue15;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;

/** Issue 15, "terminal output" and the newcomer items: quoting, escaping, the hint, the help text, the reports' wording, .gitignore. */
class TerminalTest {
    @TempDir
    Path dir;

    /** The words a POSIX shell makes of {@code command}. */
    private static List<String> words(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", "printf '%s\\0' " + command).start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return List.of(out.split("\0"));
    }

    @Test
    void reproduceAndShrinkCommandsPasteBackAsTheSameWords() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash to paste into");
        Path spaced = Files.createDirectory(dir.resolve("my plans; it's $HOME"));
        Path plan = Plans15.write(spaced, "p 1.json", Plans15.documented("drop-after-clone"));
        Issue15Cli.Result r = Issue15Cli.run("run", "drop-after-clone", "--plan", plan.toString());
        assertEquals(ExitCodes.VIOLATION, r.code(), r.all());
        String reproduce = r.out()
                .lines()
                .filter(l -> l.startsWith("reproduce: ./"))
                .findFirst()
                .orElseThrow()
                .substring("reproduce: ./".length());
        assertEquals(
                List.of("sim", "run", "drop-after-clone", "--mode", "buggy", "--plan", plan.toString(), "--seed", "0"),
                words(reproduce));
        String shrink = r.out()
                .lines()
                .filter(l -> l.startsWith("shrink:    ./"))
                .findFirst()
                .orElseThrow()
                .substring("shrink:    ./".length());
        assertEquals(plan.toString(), words(shrink).get(6));
    }

    @Test
    void controlCharactersFromAPlanAreEscapedOnTheTerminal() throws IOException {
        Path plan = Plans15.write(
                dir,
                "p.json",
                Plans15.withOperation(
                        "version-skew",
                        "{\"atMicros\": 2000000, \"kind\": \"create-table\", \"shardId\": 47, \"table\": \"evil\\u001b[2J\\ninjected line\\u0007\"}"));
        Issue15Cli.Result r = Issue15Cli.run("run", "version-skew", "--plan", plan.toString(), "--last", "1000");
        assertTrue(r.code() <= ExitCodes.VIOLATION, r.all());
        assertTrue(r.out().contains("evil\\u001b[2J\\ninjected line\\u0007"), "shown escaped, on its line: " + r.out());
        assertFalse(
                r.out().contains("\u001b")
                        || r.out().contains("\u0007")
                        || r.out().contains("\ninjected line"),
                r.out());
        Path bad = Plans15.write(
                dir,
                "q.json",
                Plans15.withFault(
                        "drop-after-clone",
                        "{\"atMicros\": 1, \"kind\": \"crash\", \"node\": \"fe\\u001b]0;pwned\\u0007\"}"));
        Issue15Cli.Result e = Issue15Cli.run("run", "drop-after-clone", "--plan", bad.toString());
        assertEquals(ExitCodes.BAD_INPUT, e.code(), e.all());
        assertEquals(1, e.errLines(), e.all());
        assertTrue(e.err().contains("'fe\\u001b]0;pwned\\u0007'"), e.err());
    }

    @Test
    void simWithNoArgumentsGivesItsHintOnce() {
        Issue15Cli.Result r = Issue15Cli.run();
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals("sim: a subcommand is required (see 'sim --help')\n", r.err());
    }

    @Test
    void theHelpListsEachExitCodeOnItsOwnLine() {
        Issue15Cli.Result r = Issue15Cli.run("--help");
        for (String line : List.of(
                "  0   every claim held (a known gap is a finding, printed apart)",
                "  1   a claim was violated (a known gap too, with --fail-on-gaps)",
                "  2   bad usage or input, or a file it cannot read or write (one line on stderr)",
                "  3   nondeterminism: two runs of one seed differed",
                "  4   internal error")) {
            assertTrue(r.out().lines().anyMatch(line::equals), "'" + line + "' in:\n" + r.out());
        }
    }

    @Test
    void reportPagesSayWhetherARunStopsAtItsFirstViolation() throws IOException {
        String stops = "Each run stops at its first violation";
        assertTrue(Files.readString(Path.of("..", "reports", "drop-after-clone", "README.md"))
                .contains(stops));
        for (String s : List.of("version-skew", "split-stall")) {
            String page = Files.readString(Path.of("..", "reports", s, "README.md"));
            assertFalse(page.contains(stops), s + " goes on after its first violation");
            assertTrue(page.contains("A run goes on after its first violation"), s);
        }
    }

    @Test
    void theFilesTheReadmeExamplesWriteAreIgnoredByGit() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assumeTrue(
                Files.isDirectory(root.resolve(".git")) || Files.isRegularFile(root.resolve(".git")), "a git checkout");
        for (String f : List.of(
                "run.jsonl",
                "fixed.jsonl",
                "buggy.jsonl",
                "shard-0.jsonl",
                "small.json",
                "small.jsonl",
                "small.html",
                "run.html",
                "gc.log",
                "fixed-1m.jsonl",
                "split-stall-random-seed-0-shrunk.json",
                ".run.jsonl.123-1.tmp")) {
            Process p = new ProcessBuilder("git", "check-ignore", "-q", f)
                    .directory(root.toFile())
                    .start();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), f + " is ignored");
        }
    }
}
