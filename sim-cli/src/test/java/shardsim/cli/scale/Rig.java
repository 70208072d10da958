package shardsim.cli.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs commands as a cluster node or a CI runner would: as processes, with the environment they
 * would get, a {@code sim} on the PATH that runs the built target/sim.jar, and (for the killed pod)
 * SIGKILL to the whole process tree, as when a node is lost.
 */
final class Rig {
    static final Path JAR = Path.of("target", "sim.jar").toAbsolutePath();
    private static final Pattern K8S_VAR = Pattern.compile("\\$\\$|\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

    record Proc(int code, String out, String err) {}

    private final Path dir;
    private final Path bin;

    Rig(Path dir) throws IOException {
        assertTrue(Files.isRegularFile(JAR), "the E2E tests run after package: " + JAR);
        this.dir = dir;
        this.bin = Files.createDirectories(dir.resolve("bin"));
        // The image's /usr/local/bin/sim, with this build's jar instead of the image's /app layout.
        Path sim = bin.resolve("sim");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(
                sim,
                "#!/bin/sh\nexec '" + java + "' -cp '" + JAR
                        + "'\"${SIM_CLASSPATH:+:$SIM_CLASSPATH}\" shardsim.cli.Main \"$@\"\n");
        Files.setPosixFilePermissions(sim, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    Path dir() {
        return dir;
    }

    /** The environment of a container or a step: PATH with {@code sim} first, HOME, then {@code env}. */
    Map<String, String> environment(Map<String, String> env) {
        Map<String, String> out = new HashMap<>();
        out.put("PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        out.put("HOME", dir.toString());
        out.putAll(env);
        return out;
    }

    Proc run(List<String> command, Map<String, String> env, Path workDir) throws Exception {
        return exec(command, environment(env), workDir, 600);
    }

    static Proc exec(List<String> command, Map<String, String> env, Path workDir, int timeoutSeconds) throws Exception {
        Process p = start(command, env, workDir);
        return finish(p, timeoutSeconds);
    }

    private static Process start(List<String> command, Map<String, String> env, Path workDir) throws IOException {
        command = new ArrayList<>(command);
        // As a container runtime or a shell does, a bare name is looked up in the new process's PATH
        // (ProcessBuilder would use this JVM's).
        if (!command.get(0).contains("/") && env.containsKey("PATH")) {
            for (String d : env.get("PATH").split(":")) {
                Path c = Path.of(d.isEmpty() ? "." : d).resolve(command.get(0));
                if (Files.isExecutable(c) && !Files.isDirectory(c)) {
                    command.set(0, c.toString());
                    break;
                }
            }
        }
        Path out = Files.createTempFile("scale", ".out");
        Path err = Files.createTempFile("scale", ".err");
        ProcessBuilder b = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        if (!env.isEmpty()) {
            b.environment().clear();
            b.environment().putAll(env);
        }
        Process p = b.start();
        outputs.put(p, new Path[] {out, err});
        return p;
    }

    private static final Map<Process, Path[]> outputs = new java.util.concurrent.ConcurrentHashMap<>();

    private static Proc finish(Process p, int timeoutSeconds) throws Exception {
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            killTree(p);
            throw new AssertionError("still running after " + timeoutSeconds + " s");
        }
        Path[] o = outputs.remove(p);
        Proc r = new Proc(
                p.exitValue(),
                Files.readString(o[0], StandardCharsets.UTF_8),
                Files.readString(o[1], StandardCharsets.UTF_8));
        Files.delete(o[0]);
        Files.delete(o[1]);
        return r;
    }

    /**
     * Starts {@code command}, waits until {@code progress} reaches {@code atLeast} while it still
     * runs, then kills it and all its children with SIGKILL. Returns the killed process's result.
     */
    Proc runAndKill(List<String> command, Map<String, String> env, Path workDir, LongSupplier progress, long atLeast)
            throws Exception {
        Process p = start(command, environment(env), workDir);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (progress.getAsLong() < atLeast) {
            assertTrue(
                    p.isAlive(),
                    "the process ended before it could be killed midway; progress " + progress.getAsLong() + " of "
                            + atLeast);
            assertTrue(System.nanoTime() < deadline, "no progress");
            Thread.sleep(1);
        }
        assertTrue(p.isAlive(), "the process ended before it could be killed midway");
        killTree(p);
        return finish(p, 60);
    }

    private static void killTree(Process p) {
        // Children first (the shell's sim, then its java), as a container's whole cgroup is killed.
        List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
        all.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        for (ProcessHandle h : all) {
            h.onExit().join();
        }
    }

    /**
     * Kubernetes's expansion of a container's command and args: {@code $(VAR)} becomes the value
     * of the container's variable VAR, an unknown one stays as written, {@code $$} becomes {@code $}.
     */
    static String expandK8s(String s, Map<String, String> env) {
        Matcher m = K8S_VAR.matcher(s);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String rep = m.group().equals("$$") ? "$" : env.getOrDefault(m.group(1), m.group());
            m.appendReplacement(b, Matcher.quoteReplacement(rep));
        }
        m.appendTail(b);
        return b.toString();
    }

    /** How many seed lines a result file holds so far (0 if it is not there yet). */
    static long seedLines(Path file) {
        try {
            if (!Files.exists(file)) {
                return 0;
            }
            // Complete lines only: a killed writer's last line without its newline does not count.
            String text = Files.readString(file, StandardCharsets.UTF_8);
            long n = 0;
            for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n")) {
                if (line.startsWith("{\"s\":")) {
                    n++;
                }
            }
            return n;
        } catch (IOException | java.io.UncheckedIOException e) {
            return 0;
        }
    }

    /** The unsharded sweep of the same seeds, and {@code sim summarize} over its one file: what the gathered summary must equal. */
    record Reference(Proc sweep, Proc summary) {
        /**
         * The sweep's stdout less what belongs to the run rather than to the results: the thread
         * count in its title and its throughput line.
         */
        String sweepResults() {
            List<String> lines = new ArrayList<>(sweep.out().lines().toList());
            assertTrue(lines.get(0).endsWith(" threads 1"), lines.get(0));
            lines.set(0, lines.get(0).substring(0, lines.get(0).length() - " threads 1".length()));
            assertTrue(lines.removeIf(l -> l.startsWith("throughput: ")), sweep.out());
            return String.join("\n", lines) + "\n";
        }
    }

    Reference reference(String scenario, String mode, String plan, String seeds) throws Exception {
        Path file = Files.createDirectories(dir.resolve("unsharded")).resolve(scenario + ".jsonl");
        Proc sweep = run(
                List.of(
                        "sim",
                        "sweep",
                        scenario,
                        "--mode",
                        mode,
                        "--plan",
                        plan,
                        "--seeds",
                        seeds,
                        "--threads",
                        "1",
                        "--out",
                        file.toString()),
                Map.of(),
                dir);
        assertTrue(sweep.code() == 0 || sweep.code() == 1, sweep.err());
        Proc summary = run(List.of("sim", "summarize", file.toString()), Map.of(), dir);
        assertEquals(sweep.code(), summary.code(), summary.err());
        assertEquals(
                summary.out(),
                new Reference(sweep, summary).sweepResults(),
                "summarize over the sweep's file prints what the sweep printed");
        return new Reference(sweep, summary);
    }
}
