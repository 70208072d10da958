package shardsim.core.aim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.fixture.Probe;
import shardsim.core.random.SimRandom;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;

/** The kernel's windows and the targeting that aims into them, on a bare simulation of three probes. */
class TargetingTest {
    private static final long SECOND = 1_000_000;
    private static final List<String> NODES = List.of("a", "b", "c");

    /** A scenario fault that fits windows of kind "ddl". */
    private record Poke(long subject, String node) implements Fault {}

    /** What a run did: its digest, the windows as they opened and closed, the aimed faults that fired. */
    private record Outcome(long digest, Map<Long, long[]> windows, List<AimedShot> fired, int planned) {}

    /**
     * Node a opens a "ddl" window on subject 7 every 2 s for 500 ms, from its context (so a crash
     * closes it); an observer opens a "clone" window on b and c from 3 s to 3.2 s. With a profile,
     * targeting listens; without one the windows are announced to nobody.
     */
    private static Outcome run(long seed, AimProfile profile, boolean announce) {
        Trace trace = Trace.digestOnly();
        Simulation sim = new Simulation(seed, SimConfig.defaults(), trace);
        for (String n : NODES) {
            sim.nodes().add(n, Probe::new);
        }
        sim.faults().onFault((fault, starts) -> fault instanceof Poke);
        Map<Long, long[]> windows = new LinkedHashMap<>();
        sim.windows().listen(new WindowListener() {
            @Override
            public void opened(Window w) {
                windows.put(w.id(), new long[] {w.openedMicros(), Long.MAX_VALUE});
            }

            @Override
            public void closed(Window w, long atMicros) {
                windows.get(w.id())[1] = atMicros;
            }
        });
        Targeting targeting = null;
        if (profile != null) {
            sim.faults().reserveAimSlots(Targeting.slotsFor(profile));
            targeting = new Targeting(
                    sim.faults(),
                    profile,
                    List.of(ScenarioAim.of("ddl", (w, r) -> new Poke(w.subject(), r.pick(w.nodes())))),
                    SECOND,
                    30 * SECOND,
                    sim.random().fork("aim-shots"));
            sim.windows().listen(targeting);
        }
        for (long t = SECOND; t < 30 * SECOND; t += 2 * SECOND) {
            sim.at(t, "work", () -> {
                Probe a = sim.nodes().node("a", Probe.class);
                if (announce && a != null) {
                    a.ctx().openWindow("ddl", 7, List.of("a", "b"));
                }
            });
            sim.at(t + SECOND / 2, "work done", () -> {
                Probe a = sim.nodes().node("a", Probe.class);
                if (announce && a != null) {
                    a.ctx().closeWindow("ddl", 7);
                }
            });
        }
        sim.at(3 * SECOND, "clone", () -> {
            if (announce) {
                sim.windows().open("clone", 9, List.of("b", "c"), null);
            }
        });
        sim.at(3 * SECOND + 200_000, "clone done", () -> sim.windows().close("clone", 9, null));
        sim.runUntil(40 * SECOND);
        sim.finish();
        return new Outcome(
                trace.digest(),
                windows,
                targeting == null ? List.of() : targeting.fired(),
                targeting == null ? 0 : targeting.planned());
    }

    private static AimProfile everyTime(int perWindow, int perRun) {
        return new AimProfile(1.0, 400_000, 50_000, 300_000, AimWeights.targeted(), new AimLimits(perWindow, perRun));
    }

    @Test
    void announcingWindowsChangesNoRun() {
        for (long seed = 0; seed < 5; seed++) {
            Outcome quiet = run(seed, null, false);
            Outcome announced = run(seed, null, true);
            assertEquals(quiet.digest(), announced.digest(), "seed " + seed);
            assertEquals(16, announced.windows().size(), "15 ddl windows and a clone window");
        }
    }

    @Test
    void everyAimedFaultStartsInsideTheWindowItWasAimedAt() {
        int fired = 0;
        for (long seed = 0; seed < 20; seed++) {
            Outcome o = run(seed, everyTime(2, 40), true);
            for (AimedShot s : o.fired()) {
                long[] w = o.windows().get(s.window().id());
                if (s.start()) {
                    fired++;
                    assertTrue(
                            w[0] < s.atMicros() && s.atMicros() <= w[1],
                            "seed " + seed + ": " + s + " outside " + w[0] + ".." + w[1]);
                } else {
                    assertTrue(
                            s.fault() instanceof NodeFault.Restart || s.fault() instanceof shardsim.core.fault.End,
                            s.toString());
                }
                assertTrue(s.atMicros() >= SECOND && s.atMicros() <= 30 * SECOND, s.toString());
            }
            assertTrue(
                    o.planned() >= o.fired().stream().filter(AimedShot::start).count());
        }
        assertTrue(fired > 100, "aiming fires: " + fired);
    }

    @Test
    void theLimitsHold() {
        for (long seed = 0; seed < 20; seed++) {
            Outcome o = run(seed, everyTime(1, 5), true);
            assertTrue(o.planned() <= 5, "per run: " + o.planned());
            Map<Long, Integer> perWindow = new LinkedHashMap<>();
            for (AimedShot s : o.fired()) {
                if (s.start()) {
                    perWindow.merge(s.window().id(), 1, Integer::sum);
                }
            }
            perWindow.values().forEach(n -> assertEquals(1, n, "one fault per window at most"));
            assertEquals(5, o.planned(), "chance 1 fills the run's limit");
        }
        assertThrows(IllegalArgumentException.class, () -> new AimLimits(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new AimLimits(1, AimLimits.MAX_PER_RUN + 1));
        assertThrows(
                IllegalArgumentException.class,
                () -> new AimProfile(0, 1, 1, 1, AimWeights.targeted(), new AimLimits(1, 1)));
        assertThrows(IllegalArgumentException.class, () -> new AimWeights(0, 0, 0, 0, 0));
    }

    @Test
    void eachKindCanBeAimedAndOnlyAtNodesTheWindowInvolves() {
        List<String> kinds = new ArrayList<>();
        for (long seed = 0; seed < 30; seed++) {
            for (AimedShot s : run(seed, everyTime(2, 40), true).fired()) {
                Fault f = s.fault();
                if (!kinds.contains(f.kind())) {
                    kinds.add(f.kind());
                }
                if (f instanceof NodeFault.Crash c) {
                    assertTrue(s.window().nodes().contains(c.node()), s.toString());
                } else if (f instanceof NetFault.Partition p) {
                    assertTrue(s.window().nodes().contains(p.a()), s.toString());
                } else if (f instanceof NetFault.PartitionOneWay p) {
                    assertTrue(
                            s.window().nodes().contains(p.from())
                                    || s.window().nodes().contains(p.to()),
                            s.toString());
                } else if (f instanceof NetFault.Clog c) {
                    assertTrue(s.window().nodes().contains(c.a()), s.toString());
                } else if (f instanceof Poke p) {
                    assertEquals("ddl", s.window().kind(), "a scenario fault only in windows of the kind it fits");
                    assertEquals(7, p.subject());
                }
            }
        }
        for (String k : List.of(
                "poke",
                "crash",
                "restart",
                "partition",
                "partition-end",
                "partition-one-way",
                "partition-one-way-end",
                "clog")) {
            assertTrue(kinds.contains(k), k + " in " + kinds);
        }
    }

    @Test
    void aimingIsDeterministicAndDrawsOnlyFromItsOwnFork() {
        Outcome first = run(3, everyTime(2, 40), true);
        Outcome again = run(3, everyTime(2, 40), true);
        assertEquals(first.digest(), again.digest());
        assertEquals(first.fired(), again.fired());
        assertNotEquals(run(3, null, true).digest(), first.digest(), "aimed faults change the run");
    }

    @Test
    void aCrashClosesTheWindowsItsNodeOwned() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("a", Probe::new);
        sim.nodes().add("b", Probe::new);
        List<String> closed = new ArrayList<>();
        sim.windows().listen(new WindowListener() {
            @Override
            public void opened(Window w) {}

            @Override
            public void closed(Window w, long atMicros) {
                closed.add(w.kind() + "@" + atMicros);
            }
        });
        sim.at(10, "open", () -> {
            Window w = sim.nodes().node("a", Probe.class).ctx().openWindow("ddl", 1, List.of("a"));
            assertSame(
                    w,
                    sim.nodes().node("a", Probe.class).ctx().openWindow("ddl", 1, List.of("a")),
                    "opening an open window returns it");
            sim.windows().open("clone", 2, List.of("b"), null);
        });
        sim.faults()
                .inject(FaultPlan.builder()
                        .at(20, new NodeFault.Crash("a"))
                        .at(30, new NodeFault.Restart("a"))
                        .build());
        sim.runUntil(40);
        assertEquals(List.of("ddl@20"), closed);
        assertEquals(1, sim.windows().openNow().size());
        assertEquals(2, sim.windows().opened());
        assertFalse(sim.windows().openNow().get(0).kind().equals("ddl"));
    }

    @Test
    void swarmAimsInSomeRunsOnly() {
        int on = 0;
        for (long seed = 0; seed < 200; seed++) {
            if (AimProfile.swarm(new SimRandom(seed).fork("aim")) != null) {
                on++;
            }
        }
        assertTrue(on > 60 && on < 140, "about half: " + on);
    }

    @Test
    void anAimedFaultMustLandAfterTheEventThatAimedItAndInAReservedSlot() {
        Simulation sim = new Simulation(1, SimConfig.defaults(), Trace.digestOnly());
        sim.nodes().add("a", Probe::new);
        assertThrows(
                IllegalStateException.class,
                () -> sim.faults().injectAimed(5, new NodeFault.Crash("a"), () -> true, () -> {}));
        sim.faults().reserveAimSlots(1);
        assertThrows(
                IllegalArgumentException.class,
                () -> sim.faults().injectAimed(0, new NodeFault.Crash("a"), () -> true, () -> {}));
        sim.faults().injectAimed(5, new NodeFault.Crash("a"), () -> false, () -> {});
        assertThrows(
                IllegalStateException.class,
                () -> sim.faults().injectAimed(6, new NodeFault.Crash("a"), () -> true, () -> {}));
        sim.runUntil(10);
        assertTrue(sim.nodes().isUp("a"), "a fault whose window closed is not injected");
    }
}
