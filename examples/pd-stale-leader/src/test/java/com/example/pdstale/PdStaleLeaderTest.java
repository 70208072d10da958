package com.example.pdstale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.testkit.PlanOfContract;
import shardsim.testkit.PlanRoundTrip;

/** The documented timeline in both modes, the registration, and the planOf and plan-file round-trip contracts from the test kit. */
class PdStaleLeaderTest {
    private final PdStaleLeaderScenario scenario = new PdStaleLeaderScenario();

    private static List<String> details(Trace trace) {
        List<String> out = new ArrayList<>();
        for (TraceEvent e : trace.events()) {
            out.add(e.detail());
        }
        return out;
    }

    @Test
    void buggyNamesTheOldLeaderAgainWhenItsDelayedHeartbeatArrives() {
        Trace trace = Trace.full();
        RunResult r = scenario.run(new RunSpec(scenario.name(), "buggy", "documented", 0), trace);
        assertEquals(List.of("P1"), r.violations().stream().map(Violation::invariant).toList(), r.violations().toString());
        Violation v = r.violations().get(0);
        assertTrue(v.message().startsWith("pd's cache names store-1 (term 5) as leader of region 2, but store-2"), v.message());
        // The clog to PD ends at 75 s, and releases store-1's heartbeat of 60 s.
        assertTrue(v.timeMicros() >= 75_000_000 && v.timeMicros() < 76_000_000, v.render());
        assertTrue(details(trace).contains("region 2 leader changed from store-2 to store-1 (term 5)"));
    }

    @Test
    void fixedRejectsTheStaleHeartbeat() {
        Trace trace = Trace.full();
        RunResult r = scenario.run(new RunSpec(scenario.name(), "fixed", "documented", 0), trace);
        assertTrue(r.ok(), r.violations().toString());
        List<String> d = details(trace);
        assertTrue(d.contains("region 2 leader changed from store-1 to store-2 (term 6)"), d.toString());
        assertTrue(d.stream().anyMatch(s -> s.startsWith("region 2 is stale: heartbeat RegionHeartbeat[regionId=2, version=1, confVer=1, leader=store-1, term=5]")));
        assertFalse(d.contains("region 2 leader changed from store-2 to store-1 (term 5)"));
    }

    /** PD is handed its own code by the kernel: on the fixed code inside a buggy run, it rejects the stale heartbeat as fixed does. */
    @Test
    void pdOnTheFixedCodeHoldsP1InABuggyRun() {
        RunSpec mixed = new RunSpec(scenario.name(), "buggy", "documented", 0).withNodeModes(java.util.Map.of("pd", "fixed"));
        RunResult r = scenario.run(mixed);
        assertTrue(r.ok(), r.violations().toString());
        assertEquals("pd=fixed", r.params().get("codes"));
    }

    /** A rollout rolls PD, the one role; the stores, which may not crash, are in none, so no rollout restarts them. */
    @Test
    void rolloutsRestartPdOnly() {
        RunSpec spec = new RunSpec(scenario.name(), "buggy", "random", 3);
        assertEquals(java.util.Map.of("pd", List.of("pd")), scenario.rolloutRoles(spec));
        assertEquals(java.util.Map.of(), scenario.unrollableRoles(spec));
    }

    @Test
    void registeredForServiceLoader() {
        List<String> names = new ArrayList<>();
        for (Scenario s : ServiceLoader.load(Scenario.class)) {
            names.add(s.name());
        }
        assertEquals(List.of("pd-stale-leader"), names);
    }

    @Test
    void planOfRepeatsEveryRun() {
        List<String> differences = new ArrayList<>();
        for (String mode : scenario.modes()) {
            for (String plan : scenario.plans()) {
                for (long seed = 0; seed < 20; seed++) {
                    PlanOfContract.difference(scenario, new RunSpec(scenario.name(), mode, plan, seed)).ifPresent(differences::add);
                }
            }
        }
        assertEquals(List.of(), differences);
    }

    /** Every plan of every mode, and a shrunk failing plan, written as a plan file, read back and replayed to the same digest. */
    @Test
    void plansRoundTripThroughPlanFiles() {
        assertEquals(List.of(), PlanRoundTrip.kindProblems(scenario));
        List<String> differences = new ArrayList<>();
        for (String mode : scenario.modes()) {
            for (String plan : scenario.plans()) {
                for (long seed = 0; seed < 5; seed++) {
                    PlanRoundTrip.difference(scenario, new RunSpec(scenario.name(), mode, plan, seed)).ifPresent(differences::add);
                }
            }
        }
        var shrunk = PlanRoundTrip.shrunk(scenario, new RunSpec(scenario.name(), "buggy", "documented", 0), 100).orElseThrow();
        PlanRoundTrip.difference(scenario, "buggy", shrunk, 0).ifPresent(differences::add);
        assertEquals(List.of(), differences);
    }
}
