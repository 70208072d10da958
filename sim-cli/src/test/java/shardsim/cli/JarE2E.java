package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.testing.PingScenario;

/**
 * Runs the built jar (target/sim.jar) as a separate process. The ping scenario comes as a user's
 * scenario does: in a jar of its own on the class path, registered as a service.
 */
class JarE2E {
    private static final Path JAR = Path.of("target", "sim.jar");

    @TempDir
    Path dir;

    private record Proc(int code, String out, String err) {}

    private List<String> command(boolean ping, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (ping) {
            Path scenarios = dir.resolve("ping.jar");
            if (!Files.exists(scenarios)) {
                ScenarioJar.jar(scenarios, List.of(PingScenario.class));
            }
            cmd.add("-cp");
            cmd.add(JAR + java.io.File.pathSeparator + scenarios);
            cmd.add(Main.class.getName());
        } else {
            cmd.add("-jar");
            cmd.add(JAR.toString());
        }
        cmd.addAll(List.of(args));
        return cmd;
    }

    private Proc run(boolean ping, String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command(ping, args))
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "finished");
        Proc r = new Proc(p.exitValue(), Files.readString(out), Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    @Test
    void theJarRunsOnItsOwn() throws Exception {
        assertTrue(Files.isRegularFile(JAR), "package built " + JAR);
        Proc v = run(false, "--version");
        assertEquals(0, v.code(), v.err());
        assertTrue(v.out().startsWith("sim " + VersionProvider.version()), v.out());
        Proc list = run(false, "list", "--json");
        assertEquals(0, list.code(), list.err());
        assertTrue(Json.MAPPER.readTree(list.out()).isArray());
        Proc bad = run(false, "run", "no-such-scenario");
        assertEquals(ExitCodes.BAD_INPUT, bad.code());
        assertEquals(1, bad.err().lines().count(), bad.err());
    }

    @Test
    void explainGivesTheSameCurveInAFreshJvm() throws Exception {
        String[] args = {
            "explain",
            "drop-after-clone",
            "--mode",
            "buggy",
            "--plan",
            "random",
            "--seed",
            "2",
            "--k",
            "10",
            "--points",
            "6",
            "--max-points",
            "9",
            "--json"
        };
        Proc fresh = run(false, args);
        assertEquals(ExitCodes.OK, fresh.code(), fresh.err());
        Cli.Result here = Cli.real(args);
        assertEquals(ExitCodes.OK, here.code(), here.err());
        var a = Json.object(fresh.out(), "fresh");
        var b = Json.object(here.out(), "here");
        assertEquals(b.get("curve"), a.get("curve"));
        assertEquals(b.get("original"), a.get("original"));
        assertEquals(9, a.get("curve").size());
    }

    @Test
    void runTraceReplayAndDeterminismAcrossJvms() throws Exception {
        Path trace = dir.resolve("t.jsonl");
        Proc run = run(
                true, "run", "ping", "--mode", "buggy", "--plan", "random", "--seed", "9", "--trace", trace.toString());
        assertTrue(run.code() == ExitCodes.OK || run.code() == ExitCodes.VIOLATION, run.err());
        Proc replay = run(true, "replay", trace.toString());
        assertEquals(ExitCodes.OK, replay.code(), replay.out() + replay.err());
        assertTrue(replay.out().contains("identical:"), replay.out());
        Proc check = run(true, "check-determinism", "ping", "--mode", "buggy", "--seeds", "1..20", "--fresh-jvm");
        assertEquals(ExitCodes.OK, check.code(), check.out() + check.err());
        Proc sameJvm = run(true, "check-determinism", "ping", "--mode", "per-process", "--seeds", "1..3");
        assertEquals(ExitCodes.OK, sameJvm.code(), "one JVM cannot see it: " + sameJvm.out() + sameJvm.err());
        Proc nd = run(true, "check-determinism", "ping", "--mode", "per-process", "--seeds", "1..3", "--fresh-jvm");
        assertEquals(ExitCodes.NONDETERMINISM, nd.code(), nd.out() + nd.err());
        assertTrue(nd.out().contains("seed 1") && nd.out().contains("pid="), nd.out());
    }

    @Test
    void sigtermStopsASweepWithEveryFinishedSeedWrittenAndTheSummaryPrinted() throws Exception {
        Path results = dir.resolve("r.jsonl");
        Path out = dir.resolve("stdout.txt");
        Process p = new ProcessBuilder(command(
                        true,
                        "sweep",
                        "ping",
                        "--seeds",
                        "1..2000000000",
                        "--threads",
                        "1",
                        "--out",
                        results.toString()))
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        // Wait (on a condition, not a duration) until the sweep has written some seeds.
        for (int i = 0;
                i < 6000
                        && (!Files.exists(results)
                                || Files.readAllLines(results).size() < 20);
                i++) {
            Thread.sleep(10);
        }
        p.destroy();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "stopped");
        String summary = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(summary.contains("(INTERRUPTED)"), summary);
        List<String> lines = Files.readAllLines(results);
        long seeds = 0;
        for (String line : lines.subList(1, lines.size())) {
            seeds += Json.object(line, "result line").has("s") ? 1 : 0;
        }
        assertTrue(
                summary.contains("runs " + seeds + ","),
                "summary counts what the file holds: " + seeds + "\n" + summary);
        long covered =
                Json.object(lines.get(lines.size() - 1), "last line").get("n").longValue();
        assertEquals(
                seeds % 1000 == 0 ? 1000 : seeds % 1000,
                covered,
                "the interrupted sweep ends with a checkpoint of its last seeds: " + covered + " of " + seeds);
        assertTrue(Files.readString(results).endsWith("\n"), "no partial last line");
    }
}
