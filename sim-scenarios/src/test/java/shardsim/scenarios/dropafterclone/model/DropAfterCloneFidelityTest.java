package shardsim.scenarios.dropafterclone.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fault.NetFault;
import shardsim.core.net.Delay;
import shardsim.core.node.Envelope;
import shardsim.core.scenario.LogLine;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;
import shardsim.scenarios.dropafterclone.checks.DorisChecks;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.CloneTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.DropTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.ReportedTablet;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TabletReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskReport;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisMode;

/**
 * The behaviours issue 13 brought in line with Doris, one test each, every one of which fails on
 * the model before that change: tablet 11415 lives on be1 as replica 100; be2 may hold a stale
 * copy; messages are handed to the nodes directly.
 */
class DropAfterCloneFidelityTest {
    private static final long SECOND = DorisConfig.SECOND;
    private static final long TABLET = 11415;
    private long envelopeId = 1_000;

    /** A clone's download takes 5 s, so a test can act while it runs. */
    private static DorisConfig slowClones() {
        return new DorisConfig(
                60 * SECOND,
                10 * SECOND,
                new Delay.Fixed(5_000),
                new Delay.Fixed(2_000),
                new Delay.Fixed(65),
                new Delay.Fixed(5 * SECOND),
                new Delay.Fixed(1_000),
                10 * SECOND,
                180 * SECOND,
                100);
    }

    private record World(Simulation sim, DorisCluster cluster, DorisChecks checks) {
        Backend be(String name) {
            return sim.nodes().node(name, Backend.class);
        }

        Frontend fe() {
            return sim.nodes().node(DorisCluster.FE, Frontend.class);
        }

        List<String> details(String actor) {
            List<String> out = new ArrayList<>();
            for (TraceEvent e : sim.record().trace().events()) {
                if (e.actor().equals(actor)) {
                    out.add(e.detail());
                }
            }
            return out;
        }

        boolean traced(String actor, String fragment) {
            for (String d : details(actor)) {
                if (d.contains(fragment)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Reports far off (phase 50 s) so that they do not interfere before a test sends its own. */
    private static World world(String mode, LocalTablet staleOnBe2) {
        Simulation sim = new Simulation(7, SimConfig.defaults().withStopOnFirstViolation(false), Trace.full());
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(TABLET, List.of("be1"));
        Map<String, Long> phases = new LinkedHashMap<>();
        for (String be : List.of("be1", "be2", "be3")) {
            phases.put(be, 50 * SECOND);
        }
        DorisCluster cluster = new DorisCluster(
                sim, slowClones(), DorisMode.forMode(mode), List.of("be1", "be2", "be3"), placement, phases, 100);
        if (staleOnBe2 != null) {
            TabletStore.seed(sim.nodes().disk("be2"), staleOnBe2);
        }
        DorisChecks checks = DorisChecks.register(cluster, 60 * SECOND, 400 * SECOND, 400 * SECOND, 20 * SECOND);
        sim.runUntil(0);
        return new World(sim, cluster, checks);
    }

    private void deliver(World w, String to, AgentProtocol m) {
        Envelope env = new Envelope(envelopeId++, DorisCluster.FE, to, m, 0, false, 0);
        if (to.equals(DorisCluster.FE)) {
            w.fe().onMessage(env);
        } else {
            w.be(to).onMessage(env);
        }
    }

    @Test
    void anExistingTabletTakesTheClonesReplicaIdBeforeTheDownload() {
        World w = world("fixed", new LocalTablet(TABLET, 90, 90));
        deliver(w, "be2", new CloneTask(TABLET, 101, "be1"));
        w.sim().runUntil(SECOND);
        // Mid-download: the tablet meta already carries the new id (the model before stamped at install).
        assertEquals(101, Backend.tablet(w.sim().nodes().disk("be2"), TABLET).replicaId());
        assertTrue(w.traced("be2", "reset replica_id of tablet 11415 from 90 to 101 before the download"));
    }

    @Test
    void aStaleDropDuringTheDownloadIsAbortedByTheIdEvenWithoutTheGuard() {
        World w = world(DorisMode.NO_CLONE_GUARD, new LocalTablet(TABLET, 90, 90));
        deliver(w, "be2", new CloneTask(TABLET, 101, "be1"));
        w.sim().runUntil(SECOND);
        deliver(w, "be2", new DropTask(TABLET, 90));
        w.sim().runUntil(10 * SECOND);
        assertNotNull(Backend.tablet(w.sim().nodes().disk("be2"), TABLET));
        assertTrue(w.traced(
                "be2", "finishTask DROP tablet=11415 replica=90 from be2 ABORTED (replica_id not match(101 vs 90))"));
    }

    @Test
    void theTabletIsUnderCloneOnlyWhileTheCloneRunsAndIncrementalIsDecidedThen() {
        World w = world("fixed", new LocalTablet(TABLET, 90, 90));
        // The clone pool is busy for 10 s: the CLONE waits, the DROP of the stale copy runs.
        w.be("be2").stall(Backend.CLONE_POOL, 10 * SECOND);
        deliver(w, "be2", new CloneTask(TABLET, 101, "be1"));
        deliver(w, "be2", new DropTask(TABLET, 90));
        w.sim().runUntil(5 * SECOND);
        assertNull(
                Backend.tablet(w.sim().nodes().disk("be2"), TABLET),
                "the DROP ran: a CLONE waiting in its pool is not under clone");
        w.sim().runUntil(20 * SECOND);
        assertTrue(
                w.traced("be2", "clone tablet not exist, begin clone a new tablet from remote be. tablet_id=11415"),
                "full, decided when it ran");
        assertEquals(101, Backend.tablet(w.sim().nodes().disk("be2"), TABLET).replicaId());
        assertTrue(w.sim().checks().ok(), () -> w.sim().checks().violations().toString());
    }

    @Test
    void aCloneWithALowerReplicaIdThanTheTabletIsNotRefused() {
        World w = world("fixed", new LocalTablet(TABLET, 200, 200));
        deliver(w, "be2", new CloneTask(TABLET, 101, "be1"));
        w.sim().runUntil(10 * SECOND);
        assertTrue(w.traced("be2", "finishTask CLONE tablet=11415 replica=101 from be2 OK (incremental)"));
        assertEquals(
                200,
                Backend.tablet(w.sim().nodes().disk("be2"), TABLET).replicaId(),
                "the higher id stays, as _do_clone resets only a lower one");
    }

    @Test
    void aCloneOfATabletTheBeHasMissesNoVersionAndSkipsTheDownload() {
        World w = world("buggy", new LocalTablet(TABLET, 90, 90));
        // The source is cut off: a clone that downloaded would fail to make its snapshot.
        w.sim().faults().apply(new NetFault.Partition("be1", "be2"));
        deliver(w, "be2", new CloneTask(TABLET, 101, "be1"));
        w.sim().runUntil(10 * SECOND);
        assertTrue(w.traced("be2", "missed version size = 0, skip clone and return success. tablet_id=11415"));
        assertTrue(w.traced("be2", "finishTask CLONE tablet=11415 replica=101 from be2 OK (incremental)"));
        for (TraceEvent e : w.sim().record().trace().events()) {
            assertFalse(
                    e.kind() == TraceKind.SEND && e.detail().contains("snapshot? tablet=11415"),
                    "no snapshot asked: " + e.detail());
        }
        assertEquals(2, w.checks().copies().copies(TABLET));
    }

    @Test
    void theFeNeitherTracksNorResendsDrops() {
        World w = world("fixed", new LocalTablet(TABLET, 90, 90));
        // be2's finishes never reach the FE, so a tracked DROP would stay outstanding.
        w.sim().faults().apply(new NetFault.PartitionOneWay("be2", DorisCluster.FE));
        deliver(w, DorisCluster.FE, new TabletReport("be2", 0, 0, List.of(new ReportedTablet(TABLET, 90))));
        w.sim().runUntil(SECOND);
        deliver(w, DorisCluster.FE, new TaskReport("be2", SECOND, List.of()));
        deliver(w, DorisCluster.FE, new TabletReport("be2", SECOND, 0, List.of()));
        w.sim().runUntil(2 * SECOND);
        int drops = 0;
        for (TraceEvent e : w.sim().record().trace().events()) {
            drops += e.kind() == TraceKind.SEND && e.detail().contains("fe->be2 DROP tablet=11415") ? 1 : 0;
        }
        assertEquals(1, drops, "one DROP, from the one report that listed the tablet; none resent");
        assertTrue(
                w.traced(
                        DorisCluster.FE,
                        "failed add to meta. tablet[11415], backend[be2]. errCode = 2, detailMessage = replica is enough[1-1]"));
    }

    @Test
    void aTabletShortOfAliveReplicasTakesTheReportedCopy() {
        for (String mode : List.of("buggy", "fixed")) {
            World w = world(mode, new LocalTablet(TABLET, 90, 90));
            // be1's report lacks the tablet: its only replica is set bad.
            deliver(w, DorisCluster.FE, new TabletReport("be1", 0, 0, List.of()));
            w.sim().runUntil(SECOND);
            assertTrue(w.traced(
                    DorisCluster.FE,
                    "tablet 11415 has only one replica 100 on backend be1 and it is lost, set it as bad"));
            deliver(w, DorisCluster.FE, new TabletReport("be2", SECOND, 0, List.of(new ReportedTablet(TABLET, 90))));
            w.sim().runUntil(2 * SECOND);
            Replica added = Catalog.tablet(w.sim().nodes().disk(DorisCluster.FE), TABLET)
                    .replicaOn("be2");
            assertNotNull(added, mode);
            assertEquals(Replica.State.NORMAL, added.state());
            // After the fix the FE keeps the reported id; before, its generator made a new one.
            assertEquals(mode.equals("fixed"), added.replicaId() == 90, mode + ": " + added);
        }
    }

    @Test
    void aTabletReportTakenBeforeANewTabletsCloneIsSkippedAfterTheFix() {
        for (String mode : List.of("fixed", DorisMode.NO_REPORT_VERSION)) {
            World w = world(mode, null);
            TabletReport stale = new TabletReport("be2", 0, 1, List.of());
            w.fe().balance(TABLET, "be2");
            w.sim().runUntil(10 * SECOND);
            assertNotNull(Backend.tablet(w.sim().nodes().disk("be2"), TABLET));
            deliver(w, DorisCluster.FE, stale);
            w.sim().runUntil(11 * SECOND);
            assertEquals(
                    mode.equals("fixed"),
                    w.traced(DorisCluster.FE, "out of date report version 1 from backend[be2]"),
                    mode);
        }
    }

    @Test
    void d1SeesADeleteThatBypassesTheTabletStore() {
        World w = world("fixed", null);
        // A delete path that does not go through TabletStore: it still changes the disk.
        w.sim().at(SECOND, "rogue delete", () -> w.sim().nodes().disk("be1").deleteDurable("tablet/" + TABLET));
        w.sim().runUntil(2 * SECOND);
        List<Violation> v = w.sim().checks().violations();
        assertFalse(v.isEmpty());
        assertEquals(DorisChecks.D1.name(), v.get(0).invariant());
        assertTrue(v.get(0).message().contains("by unrecorded"), v.get(0).message());
        assertEquals(0, w.checks().copies().copies(TABLET));
    }

    @Test
    void d1NamesThePathOfARecordedDelete() {
        World w = world("buggy", null);
        deliver(w, "be1", new DropTask(TABLET, 0));
        w.sim().runUntil(SECOND);
        List<Violation> v = w.sim().checks().violations();
        assertEquals(DorisChecks.D1.name(), v.get(0).invariant());
        assertTrue(v.get(0).message().contains("by drop task"), v.get(0).message());
        assertEquals(1, w.checks().copies().deletes());
    }

    /** The documented plan follows the report's order: DROP sent first, CLONE received first. */
    @Test
    void documentedPlanFollowsTheReportsOrderOfEvents() {
        List<LogLine> log =
                new DropAfterCloneScenario().presentation().orElseThrow().logAlignment();
        Map<String, String> simTimeByReportLine = new LinkedHashMap<>();
        for (LogLine l : log) {
            simTimeByReportLine.put(l.reportLine(), l.simTime());
            if (!l.simLine().startsWith("(")) {
                assertFalse(l.simTime().isEmpty(), l.toString());
            }
        }
        String dropSent = find(log, "delete tablet[11415 - 328326456]");
        String cloneSent = find(log, "add clone task to agent task queue");
        String cloneReceived = find(log, "BE submitting task. type=CLONE");
        String cloneDone = find(log, "BE clone get tablet info success");
        String dropReceived = find(log, "BE submitting task. type=DROP");
        String dropRun = find(log, "BE begin drop tablet");
        String setBad = find(log, "set it as bad");
        List<String> order = List.of(dropSent, cloneSent, cloneReceived, cloneDone, dropReceived, dropRun, setBad);
        for (int i = 1; i < order.size(); i++) {
            assertTrue(seconds(order.get(i - 1)) < seconds(order.get(i)), order.toString());
        }
        assertEquals("77.814332s", cloneReceived);
        assertEquals("77.814952s", dropReceived);
        assertEquals("77.816692s", dropRun);
        assertTrue(find(log, "replica is enough[1-1]").startsWith("77.809"));
    }

    private static String find(List<LogLine> log, String reportFragment) {
        for (LogLine l : log) {
            if (l.reportLine().contains(reportFragment)) {
                assertFalse(l.simTime().isEmpty(), "no trace line for " + l.reportLine());
                return l.simTime();
            }
        }
        throw new AssertionError("no report line with " + reportFragment);
    }

    private static double seconds(String simTime) {
        return Double.parseDouble(simTime.substring(0, simTime.length() - 1));
    }
}
