package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code sim upgrades} over a real scenario with its default one-role world. */
class UpgradesCommandTest {
    @TempDir
    Path dir;

    private static void bad(String expected, String... args) {
        Cli.real(args).assertBadInput(expected, String.join(" ", args));
    }

    @Test
    void anUnsafeRolloutIsTabledWrittenShrunkAndReproduced() throws IOException {
        Path one = Files.createDirectory(dir.resolve("one"));
        Cli.Result r = Cli.real(
                "upgrades",
                "drop-after-clone",
                "--seeds",
                "0..29",
                "--threads",
                "2",
                "--out",
                one.toString(),
                "--json",
                "--shrink-runs",
                "60");
        ObjectNode o = Json.object(r.out(), "output");
        assertEquals("buggy", o.get("from").asString());
        assertEquals("fixed", o.get("to").asString());
        assertEquals(30, o.get("seeds").asLong());
        JsonNode orders = o.get("orders");
        assertEquals("all-at-once", orders.get(0).get("order").asString());
        // drop-after-clone's roles are be then fe.
        assertEquals("be-first", orders.get(1).get("order").asString());
        assertEquals("fe-first", orders.get(2).get("order").asString());
        assertEquals("node-by-node", orders.get(3).get("order").asString());
        assertEquals("rollback", orders.get(4).get("order").asString());
        JsonNode unsafe = null;
        boolean allSafe = true;
        for (JsonNode x : orders) {
            long sum = x.get("failing").get("before").asLong()
                    + x.get("failing").get("mixed").asLong()
                    + x.get("failing").get("after").asLong();
            assertTrue(x.get("summary").asString().length() > 10, x.toString());
            assertTrue(sum + x.get("clean").asLong() <= 30, x.toString());
            assertEquals(x.get("notOnOldCode").asLong() == 0, x.get("safe").asBoolean(), x.toString());
            allSafe &= x.get("safe").asBoolean();
            if (x.has("smallestFailing")) {
                unsafe = x;
            }
        }
        assertEquals(allSafe ? ExitCodes.OK : ExitCodes.VIOLATION, r.code(), r.err());
        assertTrue(
                unsafe != null,
                "a rollout that starts on the buggy code fails somewhere from its first step on: " + r.out());
        JsonNode s = unsafe.get("smallestFailing");
        Path plan = Path.of(s.get("planFile").asString());
        assertTrue(Files.readString(plan).contains("\"kind\" : \"upgrade\""), "the plan holds the rollout's upgrades");
        // The written plan replays the failure, in the window it was counted in.
        Cli.Result run = Cli.real("run", "drop-after-clone", "--mode", "buggy", "--plan", plan.toString(), "--json");
        assertEquals(ExitCodes.VIOLATION, run.code(), run.out() + run.err());
        assertEquals(
                s.get("invariant").asString(),
                Json.object(run.out(), "run")
                        .get("violations")
                        .get(0)
                        .get("invariant")
                        .asString());
        assertTrue(
                s.get("reproduce").asString().endsWith("sim run drop-after-clone --mode buggy --plan " + plan),
                s.toString());
        Path shrunk = Path.of(s.get("shrunk").get("planFile").asString());
        assertEquals(
                ExitCodes.VIOLATION,
                Cli.real("run", "drop-after-clone", "--mode", "buggy", "--plan", shrunk.toString())
                        .code());

        // One thread gives the same tallies; an earlier run's files are not overwritten without --force.
        bad(
                "exists from an earlier sim upgrades",
                "upgrades",
                "drop-after-clone",
                "--seeds",
                "0..29",
                "--out",
                one.toString());
        Cli.Result again = Cli.real(
                "upgrades",
                "drop-after-clone",
                "--seeds",
                "0..29",
                "--threads",
                "1",
                "--out",
                one.toString(),
                "--force",
                "--json",
                "--shrink-runs",
                "0");
        ObjectNode a = Json.object(again.out(), "again");
        for (int i = 0; i < orders.size(); i++) {
            assertEquals(orders.get(i).get("failing"), a.get("orders").get(i).get("failing"));
            assertEquals(
                    orders.get(i).get("byInvariant"), a.get("orders").get(i).get("byInvariant"));
            assertEquals(orders.get(i).get("clean"), a.get("orders").get(i).get("clean"));
        }
    }

    @Test
    void aRolloutBetweenTwoCodesThatNeverFailIsSafe() {
        Cli.Result r = Cli.real(
                "upgrades",
                "drop-after-clone",
                "--from",
                "fixed",
                "--to",
                "fixed-no-clone-guard",
                "--seeds",
                "0..9",
                "--out",
                dir.toString());
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(
                r.out()
                        .contains(
                                "upgrades drop-after-clone  from fixed to fixed-no-clone-guard  plan random  seeds 0..9"),
                r.out());
        assertTrue(r.out().contains("roles: be (be10003, be10004, be10005, be10006, be10007); fe (fe)"), r.out());
        assertFalse(r.out().contains("UNSAFE"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("all-at-once ") && l.endsWith("safe")), r.out());
    }

    @Test
    void badInput() throws IOException {
        bad("--from: unknown mode 'newest'", "upgrades", "drop-after-clone", "--seeds", "0..1", "--from", "newest");
        bad("both 'fixed'", "upgrades", "drop-after-clone", "--seeds", "0..1", "--from", "fixed");
        bad(
                "documented plan does not depend on the seed",
                "upgrades",
                "drop-after-clone",
                "--seeds",
                "0..1",
                "--plan",
                "documented");
        bad(
                "does not exist, nor does its parent",
                "upgrades",
                "drop-after-clone",
                "--seeds",
                "0..1",
                "--out",
                dir.resolve("nope").resolve("deeper").toString());
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        bad("is not a folder", "upgrades", "drop-after-clone", "--seeds", "0..1", "--out", file.toString());
        bad("unknown scenario", "upgrades", "nope", "--seeds", "0..1");
    }
}
