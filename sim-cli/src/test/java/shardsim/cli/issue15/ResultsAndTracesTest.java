package shardsim.cli.issue15;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 15, "resume and summarize check names, not content" and "corrupt traces are called
 * nondeterminism".
 */
class ResultsAndTracesTest {
    @TempDir
    Path dir;

    private static void bad(Issue15Cli.Result r, String expected) {
        r.assertBadInput(expected);
    }

    @Test
    void resumeAfterThePlanFileChangedIsRefused() throws IOException {
        ObjectNode plan = Plans15.documented("drop-after-clone");
        Path p = Plans15.write(dir, "p.json", plan);
        Path out = dir.resolve("r.jsonl");
        Issue15Cli.run("sweep", "drop-after-clone", "--plan", p.toString(), "--seeds", "0..3", "--out", out.toString());
        String before = Files.readString(out);
        ((ObjectNode) plan.get("link")).put("lossProbability", 0.5);
        Plans15.write(dir, "p.json", plan);
        bad(
                Issue15Cli.run(
                        "sweep",
                        "drop-after-clone",
                        "--plan",
                        p.toString(),
                        "--seeds",
                        "0..3",
                        "--out",
                        out.toString(),
                        "--resume"),
                "holds runs of another plan with the name " + p);
        assertEquals(before, Files.readString(out), "the result file is untouched");
    }

    @Test
    void summarizeNamesMissingShardsUnlessAllowedPartial() throws IOException {
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        Issue15Cli.run("sweep", "drop-after-clone", "--seeds", "0..9", "--shard", "0/2", "--out", a.toString());
        bad(
                Issue15Cli.run("summarize", a.toString()),
                "the sweep of seeds 0..9 is incomplete: shard 1/2 missing (add --allow-partial");
        Issue15Cli.Result partial = Issue15Cli.run("summarize", a.toString(), "--allow-partial");
        assertTrue(partial.code() <= ExitCodes.VIOLATION && partial.out().contains("(PARTIAL)"), partial.all());
        Issue15Cli.run("sweep", "drop-after-clone", "--seeds", "0..9", "--shard", "1/2", "--out", b.toString());
        Issue15Cli.Result whole = Issue15Cli.run("summarize", a.toString(), b.toString());
        assertTrue(
                whole.code() <= ExitCodes.VIOLATION
                        && whole.out().contains("runs 10,")
                        && !whole.out().contains("PARTIAL"),
                whole.all());
    }

    @Test
    void summarizeRefusesPiecesOfDifferentPlansWithTheSameName() throws IOException {
        ObjectNode plan = Plans15.documented("drop-after-clone");
        Path p = Plans15.write(dir, "p.json", plan);
        Issue15Cli.run(
                "sweep",
                "drop-after-clone",
                "--plan",
                p.toString(),
                "--seeds",
                "0..3",
                "--shard",
                "0/2",
                "--out",
                dir.resolve("a.jsonl").toString());
        ((ObjectNode) plan.get("link")).put("lossProbability", 0.5);
        Plans15.write(dir, "p.json", plan);
        Issue15Cli.run(
                "sweep",
                "drop-after-clone",
                "--plan",
                p.toString(),
                "--seeds",
                "0..3",
                "--shard",
                "1/2",
                "--out",
                dir.resolve("b.jsonl").toString());
        bad(
                Issue15Cli.run(
                        "summarize",
                        dir.resolve("a.jsonl").toString(),
                        dir.resolve("b.jsonl").toString()),
                "summarize one sweep at a time");
    }

    private List<String> trace() throws IOException {
        Path t = dir.resolve("t.jsonl");
        Issue15Cli.run("run", "drop-after-clone", "--trace", t.toString());
        List<String> lines = Files.readAllLines(t);
        Files.delete(t);
        return lines;
    }

    private Issue15Cli.Result replay(List<String> lines) throws IOException {
        Path f = Files.write(dir.resolve("edited.jsonl"), lines);
        return Issue15Cli.run("replay", f.toString());
    }

    @Test
    void anEditedDigestShuffledLinesOrEditedTextAreCorruptionNamingTheFirstBadLine() throws IOException {
        List<String> good = trace();
        List<String> digest = new ArrayList<>(good);
        digest.set(0, digest.get(0).replaceFirst("\"digest\":\"[0-9a-f]", "\"digest\":\"x"));
        bad(replay(digest), "line 1 does not match its check: the file is corrupt (its header was edited)");
        List<String> shuffled = new ArrayList<>(good);
        shuffled.set(10, good.get(11));
        shuffled.set(11, good.get(10));
        bad(replay(shuffled), "line 11 does not match its check");
        List<String> text = new ArrayList<>(good);
        text.set(20, text.get(20).replace("\"detail\":\"", "\"detail\":\"edited "));
        bad(replay(text), "line 21 does not match its check");
        List<String> lost = new ArrayList<>(good.subList(0, good.size() - 1));
        bad(replay(lost), "is truncated: its header announces");
    }
}
