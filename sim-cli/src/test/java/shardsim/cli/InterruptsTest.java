package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;

/**
 * Issue 40, "an interrupted command never gives a verdict it did not earn": a signal during each
 * long command, driven through the path a SIGINT or SIGTERM takes ({@link OnSignal#signalled}
 * turning true, as its shutdown hook makes it), since a test cannot signal its own JVM. Each says
 * "interrupted after N of M", exits 130, prints no verdict for the work not done, keeps what it
 * found, and prints no stack trace. The real signal is sent to the jar in {@code issue15.SignalsE2E}
 * and {@code Issue40E2E}.
 */
class InterruptsTest {
    @TempDir
    Path dir;

    @AfterEach
    void noSignalPlanned() {
        OnSignal.signalAfterPolls(-1);
    }

    private static void noStack(Cli.Result r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
    }

    private List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void upgradesGivesNoVerdictForSeedsNotRun() {
        OnSignal.signalAfterPolls(0);
        Cli.Result r =
                Cli.real("upgrades", "drop-after-clone", "--seeds", "0..99", "--threads", "1", "--out", dir.toString());
        assertEquals(ExitCodes.INTERRUPTED, r.code(), r.err());
        assertTrue(
                r.err().contains("sim upgrades: interrupted after 0 of 100 seeds: no verdict on any order"), r.err());
        assertTrue(r.out().contains("INTERRUPTED after 0 of 100 seeds"), r.out());
        assertFalse(
                r.out().contains("safe")
                        || r.out().contains("UNSAFE")
                        || r.out().contains("seeds 0..-1"),
                "no order judged: " + r.out());
        noStack(r);
    }

    @Test
    void exploreKeepsEveryFailureFoundBeforeTheSignal() throws IOException {
        // Stopped after its first batches: drop-after-clone's buggy mode fails within them.
        OnSignal.signalAfterPolls(3);
        Cli.Result r =
                Cli.real("explore", "drop-after-clone", "--runs", "1000", "--threads", "1", "--out", dir.toString());
        assertEquals(ExitCodes.INTERRUPTED, r.code(), r.err());
        assertTrue(r.err().contains("sim explore: interrupted after "), r.err());
        assertTrue(r.out().contains("INTERRUPTED after"), r.out());
        List<String> plans = names(dir);
        assertFalse(plans.isEmpty(), "the failures found are written: " + r.out());
        for (String p : plans) {
            assertTrue(r.out().contains(p), "each written plan is in the summary: " + p);
        }
        noStack(r);
    }

    @Test
    void powerGivesFiguresOnlyForTheStartsThatFinished() {
        OnSignal.signalAfterPolls(0);
        Cli.Result r = Cli.real("power", "drop-after-clone", "--starts", "5", "--threads", "1");
        assertEquals(ExitCodes.INTERRUPTED, r.code(), r.err());
        assertTrue(r.err().contains("sim power: interrupted after 0 of 5 starts"), r.err());
        assertFalse(r.out().contains("median"), r.out());
        noStack(r);
    }

    @Test
    void coverageCountsTheRunsDoneAndSaysSo() {
        OnSignal.signalAfterPolls(3);
        Cli.Result r = Cli.real("coverage", "drop-after-clone", "--seeds", "0..99", "--threads", "1");
        assertEquals(ExitCodes.INTERRUPTED, r.code(), r.err());
        assertTrue(r.err().contains("sim coverage: interrupted after 3 of 100 seeds"), r.err());
        assertTrue(r.out().contains("(3 runs, INTERRUPTED)"), r.out());
        noStack(r);
    }

    @Test
    void explainGivesNoCurveFromPartOfItsPoints() {
        OnSignal.signalAfterPolls(0);
        Cli.Result r = Cli.real(
                "explain", "drop-after-clone", "--k", "2", "--points", "2", "--max-points", "4", "--threads", "1");
        assertEquals(ExitCodes.INTERRUPTED, r.code(), r.err());
        assertTrue(r.err().contains("sim explain: interrupted after 1 curve point(s); no curve"), r.err());
        assertFalse(r.out().contains("point of no return"), r.out());
        noStack(r);
    }

    @Test
    void reportRemovesTheFolderItMade() {
        OnSignal.signalAfterPolls(0);
        Path out = dir.resolve("new-reports");
        Cli.Result r = Cli.real("report", "--out", out.toString(), "--seeds", "2");
        assertEquals(ExitCodes.INTERRUPTED, r.code(), r.err());
        assertTrue(r.err().contains("sim report: interrupted after 0 of "), r.err());
        assertFalse(Files.exists(out), "the folder it made is gone");
        noStack(r);
    }

    @Test
    void shrinkPrintsTheSmallestPlanSoFarAndWritesNothing() throws IOException {
        OnSignal.signalAfterPolls(0);
        Path out = dir.resolve("s.json");
        Cli.Result r = Cli.real(
                "shrink", "drop-after-clone", "--plan", "documented", "--threads", "1", "--out", out.toString());
        assertEquals(ExitCodes.INTERRUPTED, r.code(), r.err());
        assertTrue(r.err().contains("sim shrink: interrupted after"), r.err());
        assertTrue(r.out().contains("shardsim-plan"), r.out());
        assertEquals(List.of(), names(dir));
        noStack(r);
    }

    @Test
    void theJdksShutdownInProgressIsAnInterruptionNotABug() {
        assertTrue(Main.shuttingDown(new RuntimeException(new IllegalStateException("Shutdown in progress"))));
        assertFalse(Main.shuttingDown(new IllegalStateException("other")));
    }
}
