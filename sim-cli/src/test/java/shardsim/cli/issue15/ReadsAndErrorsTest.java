package shardsim.cli.issue15;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.InputLimits;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 15, "unbounded reads" and "lenient JSON": every read has a limit, /dev/zero is refused
 * quickly, an Error never exits 0 or 1, duplicate and unknown keys are refused and a byte order
 * mark is accepted.
 */
class ReadsAndErrorsTest {
    @TempDir
    Path dir;

    private static void bad(Issue15Cli.Result r, String expected) {
        r.assertBadInput(expected);
    }

    @Test
    void devZeroIsRefusedQuicklyAsAPlanATraceAndAResultFile() {
        assumeTrue(Files.exists(Path.of("/dev/zero")));
        long t0 = System.nanoTime();
        // Issue 40: inputs are read only from regular files, so a device is refused before a byte is read.
        bad(Issue15Cli.run("run", "drop-after-clone", "--plan", "/dev/zero"), "plan /dev/zero is not a regular file");
        bad(Issue15Cli.run("replay", "/dev/zero"), "trace /dev/zero is not a regular file");
        bad(Issue15Cli.run("summarize", "/dev/zero"), "result file /dev/zero is not a regular file");
        assertTrue(
                (System.nanoTime() - t0) / 1e9 < 20, "refused after reading one limit's worth, not the whole device");
    }

    @Test
    void aHugePlanFileIsRefusedByItsSize() throws IOException {
        Path big = dir.resolve("big.json");
        Files.write(big, new byte[(int) InputLimits.PLAN_BYTES + 1]);
        bad(Issue15Cli.run("run", "drop-after-clone", "--plan", big.toString()), "is larger than 8 MiB");
    }

    @Test
    void anOutOfMemoryErrorExits4InOneLineNeverOneOrZero() {
        Issue15Cli.Result r = Issue15Cli.run(
                List.of(new Broken(() -> new OutOfMemoryError("Java heap space"))),
                "run",
                "broken",
                "--plan",
                "random");
        assertEquals(ExitCodes.INTERNAL, r.code(), r.all());
        assertEquals(1, r.errLines(), r.all());
        assertTrue(
                r.err()
                        .contains(
                                "internal error: java.lang.OutOfMemoryError: Java heap space (give the JVM more memory"),
                r.err());
        Issue15Cli.Result so = Issue15Cli.run(
                List.of(new Broken(StackOverflowError::new)), "sweep", "broken", "--seeds", "1..3", "--threads", "1");
        assertEquals(ExitCodes.INTERNAL, so.code(), "an Error in a sweep worker: " + so.all());
    }

    @Test
    void duplicateKeysAndUnknownLinkKeysAreRefusedAndAByteOrderMarkIsAccepted() throws IOException {
        ObjectNode plan = Plans15.documented("drop-after-clone");
        String text = plan.toPrettyString();
        Path dup = Files.writeString(
                dir.resolve("dup.json"), text.replaceFirst("\"seed\" : 0,", "\"seed\" : 0, \"seed\" : 1,"));
        bad(
                Issue15Cli.run("run", "drop-after-clone", "--plan", dup.toString()),
                "is not valid JSON: duplicate key \"seed\"");
        ((ObjectNode) plan.get("link")).put("lossProbabilty", 0.5);
        Path unknown = Plans15.write(dir, "link.json", plan);
        bad(
                Issue15Cli.run("run", "drop-after-clone", "--plan", unknown.toString()),
                "link: unknown field 'lossProbabilty'");
        Path bom = Files.writeString(dir.resolve("bom.json"), "\uFEFF" + text);
        Issue15Cli.Result r = Issue15Cli.run("run", "drop-after-clone", "--plan", bom.toString());
        assertEquals(ExitCodes.VIOLATION, r.code(), "a UTF-8 byte order mark is accepted: " + r.all());
    }

    @Test
    void aPlanThatIsNotUtf8IsRefused() throws IOException {
        Path latin = Files.write(dir.resolve("latin.json"), new byte[] {'{', (byte) 0xe9, '}'});
        bad(Issue15Cli.run("run", "drop-after-clone", "--plan", latin.toString()), "is not UTF-8 text");
    }

    @Test
    void anUnwritableReportFolderIsRefusedBeforeAnyWork() {
        long t0 = System.nanoTime();
        Issue15Cli.Result r = Issue15Cli.run("report", "--out", "/proc/reports-here");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.all());
        assertEquals(1, r.errLines(), r.all());
        assertTrue(r.err().startsWith("sim report: cannot write /proc/reports-here"), r.err());
        assertFalse(r.err().contains("sim report: version-skew"), "no scenario was run: " + r.err());
        assertTrue((System.nanoTime() - t0) / 1e9 < 5, "at once, not after the work");
    }
}
