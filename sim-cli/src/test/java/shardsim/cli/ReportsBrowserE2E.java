package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders every committed {@code reports/*}{@code /index.html} in headless Chromium (Debian's
 * {@code chromium}): no console message at all (the pages have no script, so any message is an
 * error), and a screenshot that is not blank. Without Chromium the test is skipped, unless
 * {@code CI=true}, where a missing browser fails it.
 */
class ReportsBrowserE2E {
    private static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));
    private static final Path REPORTS = Path.of("..", "reports");
    private static final int WIDTH = 1400;
    private static final int HEIGHT = 2400;

    @TempDir
    Path dir;

    @BeforeAll
    static void needsChromium() {
        if (!Files.isExecutable(CHROMIUM)) {
            if ("true".equals(System.getenv("CI"))) {
                fail(CHROMIUM + " is missing; CI must install it (apt-get install -y chromium)");
            }
            Assumptions.abort(
                    CHROMIUM + " is missing (apt-get install -y chromium); set CI=true to make this a failure");
        }
    }

    private record Render(int exit, List<String> console, BufferedImage image) {}

    private Render render(Path page, String name) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "profile-");
        Path shot = dir.resolve(name + ".png");
        List<String> cmd = List.of(
                CHROMIUM.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                // Any name lookup fails: a page that reached for another address would show it.
                "--host-resolver-rules=MAP * ~NOTFOUND",
                "--user-data-dir=" + profile,
                "--enable-logging=stderr",
                "--v=0",
                "--screenshot=" + shot,
                "--window-size=" + WIDTH + "," + HEIGHT,
                page.toAbsolutePath().normalize().toUri().toString());
        Path log = dir.resolve(name + ".log");
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("chromium did not finish rendering " + page + " in 120 s");
        }
        List<String> console = new ArrayList<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (line.contains(":CONSOLE")) {
                console.add(line);
            }
        }
        BufferedImage image = Files.exists(shot) ? ImageIO.read(shot.toFile()) : null;
        return new Render(p.exitValue(), console, image);
    }

    /** Pixels that differ from the top-left (background) pixel. */
    private static double inked(BufferedImage img) {
        int bg = img.getRGB(0, 0);
        long n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if (img.getRGB(x, y) != bg) {
                    n++;
                }
            }
        }
        return (double) n / ((long) img.getWidth() * img.getHeight());
    }

    @Test
    void theCheckSeesConsoleErrorsAndBlankPages() throws Exception {
        Path bad = dir.resolve("bad.html");
        Files.writeString(bad, "<!DOCTYPE html><html><body><script>console.error('broken')</script></body></html>");
        Render r = render(bad, "bad");
        assertFalse(r.console().isEmpty(), "a console error must be caught");
        assertTrue(r.image() != null && inked(r.image()) < 0.001, "a blank page must look blank");
    }

    @Test
    void everyReportRendersWithoutErrors() throws Exception {
        List<Path> pages;
        try (Stream<Path> s = Files.list(REPORTS)) {
            pages = s.map(d -> d.resolve("index.html"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        }
        assertFalse(
                pages.isEmpty(),
                "no reports/*/index.html under " + REPORTS.toAbsolutePath().normalize());
        for (Path page : pages) {
            String name = page.getParent().getFileName().toString();
            PageRules.assertSelfContained(Files.readString(page, StandardCharsets.UTF_8));
            Render r = render(page, name);
            assertEquals(0, r.exit(), "chromium exit status for " + page);
            assertEquals(List.of(), r.console(), "console messages for " + page);
            assertTrue(r.image() != null, "no screenshot of " + page);
            assertEquals(WIDTH, r.image().getWidth());
            double inked = inked(r.image());
            assertTrue(inked > 0.02, page + " looks blank: " + inked + " of the pixels are not background");
        }
    }
}
