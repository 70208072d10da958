package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import tools.jackson.databind.node.ObjectNode;

class ListRunTest {
    @Test
    void versionComesFromTheBuild() {
        Cli.Result r = Cli.run("--version");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("sim " + VersionProvider.version()), r.out());
        assertFalse(VersionProvider.version().contains("${"), "the resource was filtered");
        assertFalse(VersionProvider.version().equals("unknown"));
        assertEquals(r.out(), Cli.run("sweep", "--version").out(), "--version on subcommands too");
    }

    @Test
    void everySubcommandHasHelp() {
        for (String sub : new String[] {"list", "run", "sweep", "summarize", "replay", "check-determinism"}) {
            Cli.Result r = Cli.run(sub, "--help");
            assertEquals(0, r.code(), sub);
            assertTrue(r.out().contains("Usage: sim " + sub), sub + ": " + r.out());
        }
        Cli.Result top = Cli.run("--help");
        assertTrue(top.out().contains("check-determinism") && top.out().contains("Exit codes"), top.out());
    }

    @Test
    void noSubcommandIsBadUsage() {
        assertEquals(ExitCodes.BAD_INPUT, Cli.run().code());
    }

    @Test
    void listShowsModesPlansInvariants() {
        Cli.Result r = Cli.run("list");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("ping: a client counts"), r.out());
        assertTrue(r.out().contains("modes: buggy, fixed, nondeterministic, per-process"), r.out());
        assertTrue(r.out().contains("invariant P1:"), r.out());
        assertTrue(
                r.out()
                        .contains(
                                "  fault kinds (plan files): clock-skew, clog, crash, downgrade, partition, partition-end, partition-one-way, partition-one-way-end, restart, set-link, upgrade"),
                r.out());
        Cli.Result j = Cli.run("list", "--json");
        assertEquals(
                "partition-end",
                Json.MAPPER.readTree(j.out()).get(0).get("faultKinds").get(5).stringValue());
        assertEquals("ping", Json.MAPPER.readTree(j.out()).get(0).get("name").stringValue());
        assertEquals(3, Json.MAPPER.readTree(j.out()).get(0).get("plans").size());
    }

    /** The built-in scenarios name the windows plan targeted aims into, in text and JSON. */
    @Test
    void listShowsTheWindowsTargetedAimsInto() {
        Cli.Result r = Cli.real("list");
        var json = Json.MAPPER.readTree(Cli.real("list", "--json").out());
        for (shardsim.core.scenario.Scenario s : shardsim.scenarios.Scenarios.all()) {
            if (java.util.List.of("version-skew", "drop-after-clone", "split-stall")
                    .contains(s.name())) {
                assertFalse(s.windowKinds().isEmpty(), s.name() + " announces its risky windows");
            }
            if (s.windowKinds().isEmpty()) {
                continue;
            }
            assertTrue(
                    r.out()
                            .contains("  windows (plan targeted aims faults inside them): "
                                    + String.join(", ", s.windowKinds())),
                    r.out());
            for (var o : json) {
                if (o.get("name").stringValue().equals(s.name())) {
                    assertEquals(s.windowKinds().size(), o.get("windows").size(), s.name());
                }
            }
        }
    }

    @Test
    void aViolationIsReportedWithItsReproduceCommand() {
        Cli.Result r = Cli.run("run", "ping", "--mode", "buggy", "--plan", "documented", "--seed", "7");
        assertEquals(ExitCodes.VIOLATION, r.code(), r.err());
        String out = r.out();
        assertTrue(out.startsWith("scenario ping  mode buggy  plan documented  seed 7"), out);
        assertTrue(out.indexOf("pings = 20") < out.indexOf("result:"), "parameters come first: " + out);
        assertTrue(out.contains("claim P1 violated at t="), out);
        assertTrue(out.contains("VIOLATION check P1:"), "the last events include the violation: " + out);
        assertTrue(out.contains("reproduce: ./sim run ping --mode buggy --plan documented --seed 7"), out);
        assertEquals("", r.err());
    }

    @Test
    void theFixedModeHolds() {
        Cli.Result r = Cli.run("run", "ping", "--mode", "fixed", "--plan", "documented");
        assertEquals(ExitCodes.OK, r.code(), r.out());
        assertTrue(r.out().contains("result: ok"), r.out());
        assertFalse(r.out().contains("reproduce:"));
    }

    @Test
    void jsonHasTheRunsFields() {
        Cli.Result r = Cli.run("run", "ping", "--mode", "buggy", "--plan", "documented", "--seed", "3", "--json");
        assertEquals(ExitCodes.VIOLATION, r.code());
        ObjectNode o = Json.object(r.out().strip(), "output");
        assertEquals("ping", o.get("scenario").stringValue());
        assertEquals(3, o.get("seed").longValue());
        assertFalse(o.get("ok").booleanValue());
        assertEquals(16, o.get("digest").stringValue().length());
        assertTrue(o.get("events").longValue() > 0);
        assertTrue(o.get("virtualMicros").longValue() > 0);
        assertEquals("P1", o.get("violations").get(0).get("invariant").stringValue());
        assertEquals(1, r.out().strip().lines().count(), "one object on one line");
        Cli.Result again = Cli.run("run", "ping", "--mode", "buggy", "--plan", "documented", "--seed", "3", "--json");
        assertEquals(r.out(), again.out(), "same seed, same output");
    }
}
