package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.testing.SlowDoris;

/**
 * Issue 40 with real signals, and issue 33's "outputs go under one folder", on the built jar:
 * SIGTERM (what Ctrl-C's SIGINT does too) during upgrades and explore gives no verdict for the work
 * not done, keeps what was found, and prints no stack trace; upgrades, explore and shrink run from
 * a folder with default outputs leave nothing but {@code sim-out/} in it, which git ignores.
 */
class Issue40E2E {
    @TempDir
    Path dir;

    @TempDir
    static Path jarDir;

    private static Path scenarios;

    @BeforeAll
    static void slowScenario() {
        scenarios = ScenarioJar.jar(jarDir.resolve("slow.jar"), List.of(SlowDoris.class));
    }

    private record Ran(int code, String out, String err) {}

    private Process start(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                Path.of("target", "sim.jar").toAbsolutePath() + java.io.File.pathSeparator + scenarios.toAbsolutePath(),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(dir.toFile()).start();
    }

    /** Runs {@code sim ARGS}; with {@code progress} non-null, sends SIGTERM at the first stderr line it matches. */
    private Ran run(String progress, String... args) throws Exception {
        Process p = start(args);
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        StringBuilder err = new StringBuilder();
        Pattern at = progress == null ? null : Pattern.compile(progress);
        boolean sent = false;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                err.append(line).append('\n');
                if (at != null && !sent && at.matcher(line).lookingAt()) {
                    p.toHandle().destroy();
                    sent = true;
                }
            }
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        if (at != null) {
            assertTrue(sent, "the command was still working when its progress showed: " + err);
        }
        return new Ran(p.exitValue(), out.get(60, TimeUnit.SECONDS), err.toString());
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private List<String> names(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void noStack(Ran r) {
        assertFalse(
                r.err().contains("\tat ")
                        || r.err().contains("Exception")
                        || r.err().contains("Shutdown in progress"),
                r.err());
    }

    @Test
    void sigtermDuringUpgradesGivesNoVerdict() throws Exception {
        Ran r = run(
                "upgrades: ",
                "upgrades",
                "slow-doris",
                "--seeds",
                "0..5000",
                "--threads",
                "1",
                "--progress-seconds",
                "1",
                "--out",
                ".");
        assertEquals(143, r.code(), r.err());
        assertTrue(
                r.err().contains("sim upgrades: interrupted after ") && r.err().contains("no verdict on any order"),
                r.err());
        assertTrue(r.out().contains("INTERRUPTED after"), r.out());
        assertFalse(
                r.out().contains("safe")
                        || r.out().contains("UNSAFE")
                        || r.out().contains("..-1"),
                r.out());
        noStack(r);
    }

    @Test
    void sigtermDuringExploreKeepsEveryFailureFound() throws Exception {
        Ran r = run(
                "explore: [1-9]",
                "explore",
                "slow-doris",
                "--runs",
                "100000",
                "--threads",
                "1",
                "--progress-seconds",
                "1",
                "--out",
                "found");
        assertEquals(143, r.code(), r.err());
        Matcher m = Pattern.compile(
                        "sim explore: interrupted after \\d+ of 100000 runs; the (\\d+) failure\\(s\\) found are written")
                .matcher(r.err());
        assertTrue(m.find(), r.err());
        List<String> plans = names(dir.resolve("found"));
        assertEquals(Integer.parseInt(m.group(1)), plans.size(), "every failure found has its plan: " + plans);
        for (String p : plans) {
            assertTrue(r.out().contains(p), "listed in the summary: " + p + "\n" + r.out());
        }
        noStack(r);
    }

    @Test
    void defaultOutputsLandUnderSimOutOnly() throws Exception {
        Ran up = run(null, "upgrades", "drop-after-clone", "--seeds", "0..3", "--threads", "1", "--shrink-runs", "5");
        assertTrue(up.code() == 0 || up.code() == 1, up.err());
        Ran ex = run(null, "explore", "drop-after-clone", "--runs", "40", "--threads", "1");
        assertTrue(ex.code() == 0 || ex.code() == 1, ex.err());
        Ran sh = run(null, "shrink", "drop-after-clone", "--plan", "documented", "--max-runs", "20", "--threads", "1");
        assertEquals(0, sh.code(), sh.err());
        assertTrue(sh.out().contains("sim-out/shrink/"), sh.out());
        assertEquals(List.of("sim-out"), names(dir), "nothing at the folder's top level but sim-out");
        assertTrue(names(dir.resolve("sim-out")).contains("shrink"));
        // A second shrink into the same place says how to go on, in one line.
        Ran again =
                run(null, "shrink", "drop-after-clone", "--plan", "documented", "--max-runs", "20", "--threads", "1");
        assertEquals(2, again.code());
        assertTrue(again.err().contains("already exists (add --force to overwrite it)"), again.err());
        List<String> ignored =
                Files.readAllLines(Path.of("..", ".gitignore").toAbsolutePath().normalize());
        assertTrue(ignored.contains("/sim-out/"), "git ignores sim-out: " + ignored);
    }
}
