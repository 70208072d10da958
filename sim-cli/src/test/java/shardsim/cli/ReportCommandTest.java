package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;

/** {@code sim report} and {@code sim run --html} over the ping scenario. */
class ReportCommandTest {
    @TempDir
    Path dir;

    private static Map<String, String> contents(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(p).toString(), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    @Test
    void writesEveryFileTheSameBytesTwiceAndCheckSeesChanges() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        assertEquals(0, Cli.run("report", "--out", a.toString(), "--seeds", "8").code());
        assertEquals(0, Cli.run("report", "--out", b.toString(), "--seeds", "8").code());
        Map<String, String> first = contents(a);
        assertEquals(
                List.of("README.md", "ping/README.md", "ping/buggy.svg", "ping/fixed.svg", "ping/index.html"),
                List.copyOf(first.keySet()));
        assertEquals(first, contents(b));
        assertEquals(
                0,
                Cli.run("report", "--out", a.toString(), "--seeds", "8", "--check")
                        .code());

        Files.writeString(a.resolve("ping/index.html"), first.get("ping/index.html") + " ");
        Files.writeString(a.resolve("ping/extra.txt"), "x");
        Cli.Result changed = Cli.run("report", "--out", a.toString(), "--seeds", "8", "--check");
        assertEquals(ExitCodes.VIOLATION, changed.code());
        assertTrue(changed.err().contains("index.html differs"), changed.err());
        assertTrue(changed.err().contains("extra.txt is not produced any more"), changed.err());
        assertEquals(
                ExitCodes.VIOLATION,
                Cli.run("report", "--out", a.toString(), "--seeds", "9", "--check")
                        .code());
    }

    @Test
    void pagesAreSelfContainedAndShowBothModes() throws IOException {
        assertEquals(
                0, Cli.run("report", "--out", dir.toString(), "--seeds", "8").code());
        String html = Files.readString(dir.resolve("ping/index.html"));
        PageRules.assertSelfContained(html);
        assertTrue(html.contains("violated"), "the buggy documented run fails");
        assertTrue(html.contains("ok, every claim of fixed held"), "the fixed documented run passes");
        assertTrue(html.contains("<svg class=\"st\" id=\"d-buggy\""), "buggy diagram inline");
        assertTrue(html.contains("<svg class=\"st\" id=\"d-fixed\""), "fixed diagram inline");
        assertTrue(html.contains("<td>rtt</td>") && html.contains("<th>p99.9</th>"), "the latency percentiles");
        String md = Files.readString(dir.resolve("ping/README.md"));
        assertTrue(md.contains("![space-time diagram of the buggy run](buggy.svg)"), md);
        assertTrue(md.contains("./sim report"), md);
        assertFalse(md.contains("<svg"), "the Markdown references the diagram, it does not inline it");
        assertTrue(
                Files.readString(dir.resolve("ping/buggy.svg")).startsWith("<svg class=\"st\" id=\"d-buggy\" xmlns="));
    }

    @Test
    void runWritesADiagramPage() throws IOException {
        Path page = dir.resolve("run.html");
        Cli.Result r = Cli.run("run", "ping", "--mode", "buggy", "--html", page.toString());
        assertEquals(ExitCodes.VIOLATION, r.code());
        String html = Files.readString(page);
        PageRules.assertSelfContained(html);
        assertTrue(html.contains("class=\"violrow\""), "the violation's row is highlighted");
        assertTrue(html.contains("marker-end=\"url(#run-head)\""), "messages are arrows");
        assertTrue(r.out().contains("diagram written to " + page), r.out());
    }

    @Test
    void aBadHtmlPathIsBadInputAndLeavesNothing() throws IOException {
        Cli.Result r = Cli.run(
                "run", "ping", "--html", dir.resolve("no/such/dir/x.html").toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }
}
