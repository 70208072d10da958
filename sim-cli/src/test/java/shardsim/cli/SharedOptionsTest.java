package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.testing.PingScenario;

/**
 * The options the commands share are declared once: each has one help text wherever it appears,
 * and bad values get the same one-line error (exit 2) from every command.
 */
class SharedOptionsTest {
    /** Which commands take each shared option (SCENARIO is the positional parameter). */
    private static final Map<String, Set<String>> WHERE = Map.of(
            "SCENARIO",
                    Set.of(
                            "run",
                            "sweep",
                            "shrink",
                            "power",
                            "check-determinism",
                            "explain",
                            "upgrades",
                            "coverage",
                            "explore"),
            "--mode", Set.of("run", "sweep", "shrink", "power", "check-determinism", "explain", "coverage", "explore"),
            "--node-mode", Set.of("run", "sweep", "shrink", "power", "check-determinism", "explain", "coverage"),
            "--plan",
                    Set.of(
                            "run",
                            "sweep",
                            "shrink",
                            "power",
                            "check-determinism",
                            "explain",
                            "upgrades",
                            "coverage",
                            "explore"),
            "--seed", Set.of("run", "shrink", "explain", "explore"),
            "--seeds", Set.of("sweep", "check-determinism", "upgrades", "coverage"),
            "--threads",
                    Set.of(
                            "sweep",
                            "shrink",
                            "power",
                            "explain",
                            "upgrades",
                            "coverage",
                            "explore",
                            "check-determinism"),
            "--json",
                    Set.of(
                            "list",
                            "run",
                            "sweep",
                            "shrink",
                            "power",
                            "summarize",
                            "explain",
                            "upgrades",
                            "coverage",
                            "explore"));

    private static CommandLine commandLine() {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return Main.newCommandLine(new CliContext(sink, sink, List.of(new PingScenario()), false));
    }

    @Test
    void eachSharedOptionHasOneHelpTextWhereverItIs() {
        Map<String, Set<String>> texts = new TreeMap<>();
        Map<String, Set<String>> found = new TreeMap<>();
        for (Map.Entry<String, CommandLine> sub : commandLine().getSubcommands().entrySet()) {
            CommandSpec spec = sub.getValue().getCommandSpec();
            for (ArgSpec arg : spec.args()) {
                String name = arg instanceof OptionSpec o ? o.longestName() : arg.paramLabel();
                // report's --seeds N is a count (seeds 0..N-1 of each mode), not a range.
                if (WHERE.containsKey(name) && !(sub.getKey().equals("report") && name.equals("--seeds"))) {
                    // explore's and upgrades' --plan take only plans drawn from the seed, and their help says so (issue
                    // 40).
                    String key = name.equals("--plan")
                                    && Set.of("explore", "upgrades").contains(sub.getKey())
                            ? "--plan (drawn from the seed)"
                            : name;
                    texts.computeIfAbsent(key, k -> new TreeSet<>()).add(String.join(" ", arg.description()));
                    found.computeIfAbsent(name, k -> new TreeSet<>()).add(sub.getKey());
                }
            }
        }
        for (String name : WHERE.keySet()) {
            assertEquals(new TreeSet<>(WHERE.get(name)), found.get(name), name + " is in these commands");
            assertEquals(1, texts.get(name).size(), name + " has one help text: " + texts.get(name));
        }
    }

    @Test
    void everyCommandRefusesTheSameThreadCountsWithTheSameLine() {
        for (String bad : List.of("0", "1025", "-3")) {
            String expected = "--threads must be between 1 and 1024, got " + bad;
            assertBad(expected, "sweep", "ping", "--seeds", "1..2", "--threads", bad);
            assertBad(expected, "shrink", "ping", "--threads", bad);
            assertBad(expected, "power", "ping", "--threads", bad);
            assertBad(expected, "explain", "ping", "--threads", bad);
            assertBad(expected, "explore", "ping", "--threads", bad);
            assertBad(expected, "check-determinism", "ping", "--seeds", "1..2", "--threads", bad);
        }
    }

    @Test
    void everyCommandRefusesAHiddenProgressIntervalBelowOneSecond() {
        assertBad(
                "--progress-seconds must be at least 1", "sweep", "ping", "--seeds", "1..2", "--progress-seconds", "0");
        assertBad("--progress-seconds must be at least 1", "power", "ping", "--progress-seconds", "0");
        assertBad(
                "--progress-seconds must be at least 1",
                "check-determinism",
                "ping",
                "--seeds",
                "1..2",
                "--progress-seconds",
                "0");
        assertBad("--progress-seconds must be at least 1", "explore", "ping", "--progress-seconds", "0");
    }

    @Test
    void powerRefusesAPlanFileInOneLine() {
        assertBad(
                "power takes a built-in plan drawn from the seed (random, swarm, targeted), not a plan file",
                "power",
                "ping",
                "--plan",
                "p.json");
    }

    @Test
    void helpShowsTheSharedTexts() {
        Cli.Result run = Cli.run("run", "--help");
        Cli.Result power = Cli.run("power", "--help");
        assertEquals(ExitCodes.OK, run.code());
        for (Cli.Result r : List.of(run, power)) {
            String help = r.out().replaceAll("\\s+", " ");
            assertTrue(help.contains("Default: documented for run and explain, random for the other commands"), help);
            assertTrue(help.contains("buggy, fixed or an ablation, as 'sim list' shows"), help);
        }
        assertTrue(power.out().replaceAll("\\s+", " ").contains("Simulations run at once, 1 to 1024"), power.out());
        assertFalse(run.out().contains("--threads"), "run runs one simulation: " + run.out());
    }

    @Test
    void everySubcommandTakesHelpAndVersionFromTheTopCommand() {
        for (String sub : commandLine().getSubcommands().keySet()) {
            Cli.Result version = Cli.run(sub, "--version");
            assertEquals(ExitCodes.OK, version.code(), sub + ": " + version.err());
            assertTrue(version.out().startsWith("sim " + VersionProvider.version()), sub + ": " + version.out());
            Cli.Result help = Cli.run(sub, "-h");
            assertEquals(ExitCodes.OK, help.code(), sub + ": " + help.err());
            assertTrue(help.out().startsWith("Usage: sim " + sub), help.out());
            assertTrue(
                    help.out().contains("2   bad usage or input"),
                    "the exit codes, in every command's help: " + help.out());
        }
    }

    private static void assertBad(String expected, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(ExitCodes.BAD_INPUT, r.code(), String.join(" ", args) + "\n" + r.out() + r.err());
        assertEquals(List.of(r.err().lines().findFirst().orElse("")), r.errLines(), "one line");
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in " + r.err());
    }
}
