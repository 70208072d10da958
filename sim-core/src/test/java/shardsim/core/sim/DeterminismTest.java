package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.FaultIntensity;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.FaultPlanGenerator;
import shardsim.core.fixture.EchoClient;
import shardsim.core.fixture.EchoModel;
import shardsim.core.fixture.EchoProtocol;
import shardsim.core.fixture.EchoScenario;
import shardsim.core.fixture.EchoServer;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.DeterminismCheck;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Actor;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceDiff;
import shardsim.core.trace.TraceEvent;

class DeterminismTest {

    /**
     * Golden digests of the echo fixture, computed by this code and committed: a change to the
     * kernel that alters any run's trace changes them, on purpose or not.
     */
    @Test
    void echoGoldenDigests() {
        assertEquals("fcc33ea8f0cf49ff", Trace.hex(EchoModel.digest(1)));
        assertEquals("e2f641534b9c9572", Trace.hex(EchoModel.digest(2)));
        assertEquals("4678f682ce9ebf8e", Trace.hex(EchoModel.digest(0xC0FFEEL)));
    }

    @Test
    void theEchoFixtureDoesRealWorkUnderFaults() {
        Simulation sim = EchoModel.build(1, Trace.digestOnly());
        sim.runUntil(EchoModel.END_MICROS);
        sim.finish();
        assertTrue(sim.checks().ok());
        EchoClient c = sim.nodes().node("client-1", EchoClient.class);
        assertEquals(50, c.answered(), "all pings answered once faults heal");
        assertTrue(sim.network().dropped() > 0, "the lossy network dropped something");
        assertTrue(sim.nodes().node("server", EchoServer.class).served() >= 100);
    }

    @Property(tries = 30)
    void aGeneratedFaultPlanGivesTheSameDigestForTheSameSeed(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        assertEquals(EchoModel.digest(seed), EchoModel.digest(seed));
        FaultPlan a = FaultPlanGenerator.generate(
                new SimRandom(seed), List.of("a", "b", "c"), List.of("a"), 0, 60_000_000, FaultIntensity.moderate());
        FaultPlan b = FaultPlanGenerator.generate(
                new SimRandom(seed), List.of("a", "b", "c"), List.of("a"), 0, 60_000_000, FaultIntensity.moderate());
        assertEquals(a, b);
    }

    @Test
    void differentSeedsGiveDifferentRuns() {
        assertNotEquals(EchoModel.digest(1), EchoModel.digest(2));
    }

    @Test
    void theDigestDoesNotDependOnHowMuchOfTheTraceIsKept() {
        Simulation full = EchoModel.build(11, Trace.full());
        full.runUntil(EchoModel.END_MICROS);
        full.finish();
        Simulation ring = EchoModel.build(11, Trace.ring(10));
        ring.runUntil(EchoModel.END_MICROS);
        ring.finish();
        assertEquals(full.record().trace().digest(), ring.record().trace().digest());
        assertEquals(EchoModel.digest(11), full.record().trace().digest());
        List<TraceEvent> all = full.record().trace().events();
        assertEquals(
                all.subList(all.size() - 10, all.size()), ring.record().trace().events());
        assertEquals(full.record().trace().count(), all.size());
    }

    @Test
    void theSelfCheckPassesForADeterministicScenario() {
        assertTrue(DeterminismCheck.check(new EchoScenario(), new RunSpec("echo", "fixed", "random", 5))
                .isEmpty());
    }

    /** A scenario with a leak (state shared between runs) is caught, and the first differing event named. */
    @Test
    void theSelfCheckNamesTheFirstDifferingEvent() {
        int[] leak = new int[1];
        Scenario leaky = new EchoScenario() {
            @Override
            public RunResult run(RunSpec spec, Trace trace) {
                Simulation sim = EchoModel.build(spec.seed(), trace);
                int n = leak[0]++;
                sim.at(700_000, "leak", () -> sim.record().note(Actor.node("leak"), "run number " + n));
                sim.runUntil(EchoModel.END_MICROS);
                sim.finish();
                return RunResult.of(spec, sim);
            }
        };
        Optional<TraceDiff.Difference> diff = DeterminismCheck.check(leaky, new RunSpec("echo", "fixed", "random", 5));
        assertTrue(diff.isPresent());
        assertEquals("run number 0", diff.get().first().detail());
        assertEquals("run number 1", diff.get().second().detail());
        assertTrue(diff.get()
                .describe()
                .contains("traces differ at event #" + diff.get().index()));
    }

    /** Every echo message kind reaches a handler that knows it; an unknown kind is refused loudly. */
    @Test
    void everyEchoMessageKindIsHandled() {
        Simulation sim = EchoModel.build(1, Trace.full());
        sim.runUntil(0);
        EchoServer server = sim.nodes().node("server", EchoServer.class);
        for (Class<?> kind : EchoProtocol.class.getPermittedSubclasses()) {
            assertTrue(kind.isRecord(), kind + " is a record");
        }
        assertEquals(3, EchoProtocol.class.getPermittedSubclasses().length, "update this test when adding a kind");
        sim.at(
                1,
                "note",
                () -> sim.nodes()
                        .node("client-2", EchoClient.class)
                        .onMessage(new shardsim.core.node.Envelope(
                                999, "client-1", "client-2", new EchoProtocol.Note("hi"), 0, false, 0)));
        sim.runUntil(10);
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalStateException.class,
                () -> server.onMessage(new shardsim.core.node.Envelope(
                        998, "client-1", "server", new EchoProtocol.Pong(1, 1), 0, false, 0)));
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalStateException.class,
                () -> server.onMessage(new shardsim.core.node.Envelope(
                        997, "client-1", "server", new shardsim.core.fixture.Probe.Msg(1), 0, false, 0)));
    }
}
