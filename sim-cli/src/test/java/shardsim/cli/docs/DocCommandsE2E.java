package shardsim.cli.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.sweep.SeedRange;

/**
 * Runs the cheap documented commands with the built jar, as a user would from a clean clone: each
 * document's commands in order, in a fresh folder of its own (so what they write lands there),
 * and checks each exit code against the one its line gives ({@code # exit 1}), else 0 or 1.
 * Cheap: {@code list}, {@code run} and a {@code sweep} of at most 200 seeds; a command that
 * needs the example's jar (SIM_CLASSPATH) or a plan file no earlier step wrote is only parsed
 * (DocCommandsTest).
 */
class DocCommandsE2E {
    private static final Path JAR = Path.of("target", "sim.jar").toAbsolutePath();
    static final long MOST_SEEDS = 200;

    @TempDir
    Path dir;

    @Test
    void theCheapDocumentedCommandsExitAsTheDocsSay() throws IOException, InterruptedException {
        Path root = DocCommands.root();
        Map<String, List<DocCommand>> byDocument = new LinkedHashMap<>();
        for (DocCommand c : DocCommands.in(root)) {
            byDocument
                    .computeIfAbsent(c.where().substring(0, c.where().lastIndexOf(':')), k -> new ArrayList<>())
                    .add(c);
        }
        List<String> wrong = new ArrayList<>();
        int ran = 0;
        for (Map.Entry<String, List<DocCommand>> doc : byDocument.entrySet()) {
            Path cwd = Files.createDirectories(dir.resolve(doc.getKey().replace('/', '_')));
            for (DocCommand c : doc.getValue()) {
                if (!cheap(c) || !planAt(c, root, cwd)) {
                    continue;
                }
                ran++;
                int code = run(c, cwd);
                boolean ok = c.expectedExit() == null ? code == 0 || code == 1 : code == c.expectedExit();
                if (!ok) {
                    wrong.add(c + "\n    exited " + code + ", the doc says "
                            + (c.expectedExit() == null ? "0 or 1" : c.expectedExit()));
                }
            }
        }
        assertTrue(ran >= 10, "ran " + ran + " documented commands");
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " documented command(s) exit otherwise than documented:\n" + String.join("\n", wrong));
        }
    }

    static boolean cheap(DocCommand c) {
        if (!c.env().isEmpty() || c.nameOnly()) {
            return false;
        }
        switch (c.command()) {
            case "list":
            case "run":
                return true;
            case "sweep":
                String seeds = c.option("--seeds");
                return seeds != null && SeedRange.parse(seeds).count() <= MOST_SEEDS;
            default:
                return false;
        }
    }

    /** A plan file the command reads is in the repository (then copied beside it), or it is not run. */
    private static boolean planAt(DocCommand c, Path root, Path cwd) throws IOException {
        String plan = c.option("--plan");
        if (plan == null || !plan.endsWith(".json")) {
            return true;
        }
        if (Files.exists(cwd.resolve(plan))) {
            return true;
        }
        Path committed = root.resolve(plan);
        if (!Files.isRegularFile(committed)) {
            return false;
        }
        Path copy = cwd.resolve(plan);
        Files.createDirectories(copy.getParent());
        Files.copy(committed, copy);
        return true;
    }

    private static int run(DocCommand c, Path cwd) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
        cmd.addAll(c.args());
        Process p = new ProcessBuilder(cmd)
                .directory(cwd.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
