package shardsim.cli.issue15;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.Main;
import shardsim.cli.ScenarioJar;
import shardsim.cli.testing.SlowDoris;

/**
 * Issue 15, "leftovers" and "Ctrl-C in shrink and power": SIGTERM (what a Ctrl-C's SIGINT does
 * too) while the command works prints the best result so far and leaves no file behind. Runs
 * the built jar with {@link SlowDoris} on its class path, so the command is still working when the signal comes.
 */
class SignalsE2E {
    @TempDir
    Path dir;

    /** A jar of slow-doris, drop-after-clone 20 ms slower a run, outside {@link #dir}. */
    @TempDir
    static Path jarDir;

    private static Path scenarios;

    @BeforeAll
    static void slowScenario() {
        scenarios = ScenarioJar.jar(jarDir.resolve("slow.jar"), List.of(SlowDoris.class));
    }

    private record Stopped(String out, String err) {}

    /** Starts {@code sim ARGS}, waits for a stderr line that {@code progress} matches from its start, sends SIGTERM. */
    private Stopped stopAt(String progress, String... args) throws Exception {
        java.util.regex.Pattern signalAt = java.util.regex.Pattern.compile(progress);
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                Path.of("target", "sim.jar").toAbsolutePath() + java.io.File.pathSeparator + scenarios.toAbsolutePath(),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        StringBuilder err = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            boolean sent = false;
            while ((line = r.readLine()) != null) {
                err.append(line).append('\n');
                if (!sent && signalAt.matcher(line).lookingAt()) {
                    // SIGTERM without closing our ends of its streams (Process.destroy would close them).
                    p.toHandle().destroy();
                    sent = true;
                }
            }
            assertTrue(sent, "the command was still working when its progress showed: " + err);
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Stopped(out.get(60, TimeUnit.SECONDS), err.toString());
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    @Test
    void sigtermDuringShrinkPrintsTheSmallestPlanSoFarAndLeavesNoFile() throws Exception {
        Stopped s = stopAt(
                "shrink: ",
                "shrink",
                "slow-doris",
                "--mode",
                "buggy",
                "--plan",
                "random",
                "--seed",
                "2",
                "--threads",
                "1",
                "--out",
                "s.json",
                "--trace",
                "s.jsonl",
                "--html",
                "s.html");
        assertTrue(s.err().contains("sim shrink: interrupted after"), s.err());
        assertTrue(
                s.out().contains("\"schema\" : \"shardsim-plan\""),
                "the smallest failing plan so far is printed: " + s.out());
        assertEquals(List.of(), files(), "no plan, trace, page or scratch file");
    }

    @Test
    void sigtermDuringPowerPrintsTheStartsThatFinishedAndLeavesNoFile() throws Exception {
        // Signalled once a start has finished: on a loaded machine the first progress line may come before any.
        Stopped s = stopAt(
                "power: [1-9]", "power", "slow-doris", "--starts", "2000", "--threads", "1", "--progress-seconds", "1");
        assertTrue(s.err().contains("sim power: interrupted after "), s.err());
        assertTrue(s.out().contains("INTERRUPTED after") && s.out().contains("seeds to first failure:"), s.out());
        assertEquals(List.of(), files());
    }
}
