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
import shardsim.core.net.Delay;
import shardsim.core.node.Envelope;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.scenarios.dropafterclone.checks.DorisChecks;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.CloneTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.DropTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.LegacyCloneTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.ReportedTablet;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TabletReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.UpdateTabletMeta;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisMode;

/**
 * The protocol between processes on different code, each message kind whose handling differs, in
 * both directions (old FE to new BE, new FE to old BE, old BE to new FE, new BE to old FE): tablet
 * 11415 lives on be1 as catalog replica 100; messages are handed to the nodes directly or sent by
 * the FE's own code.
 */
class DropAfterCloneMixedVersionTest {
    private static final long SECOND = DorisConfig.SECOND;
    private static final long TABLET = 11415;
    private long envelopeId = 1_000;

    private static DorisConfig config() {
        return new DorisConfig(
                60 * SECOND,
                10 * SECOND,
                new Delay.Fixed(5_000),
                new Delay.Fixed(2_000),
                new Delay.Fixed(65),
                new Delay.Fixed(500_000),
                new Delay.Fixed(1_000),
                10 * SECOND,
                180 * SECOND,
                100);
    }

    private record World(Simulation sim, DorisCluster cluster) {
        Backend be(String name) {
            return sim.nodes().node(name, Backend.class);
        }

        Frontend fe() {
            return sim.nodes().node(DorisCluster.FE, Frontend.class);
        }

        LocalTablet copy(String be) {
            return Backend.tablet(sim.nodes().disk(be), TABLET);
        }

        boolean traced(String actor, String fragment) {
            for (TraceEvent e : sim.record().trace().events()) {
                if (e.actor().equals(actor) && e.detail().contains(fragment)) {
                    return true;
                }
            }
            return false;
        }

        List<String> sent(String actor) {
            List<String> out = new ArrayList<>();
            for (TraceEvent e : sim.record().trace().events()) {
                if (e.actor().equals(actor) && e.detail().contains("->")) {
                    out.add(e.detail());
                }
            }
            return out;
        }
    }

    /** The FE runs {@code feMode}, every BE {@code beMode}; reports far off (phase 50 s). */
    private static World world(String feMode, String beMode) {
        Simulation sim = new Simulation(7, SimConfig.defaults().withStopOnFirstViolation(false), Trace.full());
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(TABLET, List.of("be1"));
        Map<String, Long> phases = new LinkedHashMap<>();
        for (String be : List.of("be1", "be2", "be3")) {
            phases.put(be, 50 * SECOND);
        }
        DorisCluster cluster = new DorisCluster(
                sim,
                config(),
                node -> DorisMode.forMode(node.equals(DorisCluster.FE) ? feMode : beMode),
                List.of("be1", "be2", "be3"),
                placement,
                phases,
                100);
        DorisChecks.register(cluster, 60 * SECOND, 400 * SECOND, 400 * SECOND, 20 * SECOND);
        sim.runUntil(0);
        return new World(sim, cluster);
    }

    private void deliver(World w, String from, String to, AgentProtocol m) {
        Envelope env = new Envelope(envelopeId++, from, to, m, 0, false, 0);
        if (to.equals(DorisCluster.FE)) {
            w.fe().onMessage(env);
        } else {
            w.be(to).onMessage(env);
        }
    }

    // ---- initial copies --------------------------------------------------------------------------

    @Test
    void anInitialCopyHasTheCatalogsIdOnlyWhenTheFeAndItsBeBothStartedOnTheFix() {
        assertEquals(100, world("fixed", "fixed").copy("be1").replicaId());
        assertEquals(0, world("fixed", "buggy").copy("be1").replicaId());
        assertEquals(0, world("buggy", "fixed").copy("be1").replicaId());
        assertEquals(
                100,
                world("buggy", "buggy").copy("be1").writtenFor(),
                "the ghost names the catalog replica whatever the code");
    }

    // ---- old FE to new BE ----------------------------------------------------------------------

    @Test
    void anOldFesCloneCarriesNoReplicaIdSoTheNewBesCopyGetsZero() {
        World w = world("buggy", "fixed");
        w.fe().balance(TABLET, "be3");
        w.sim().runUntil(5 * SECOND);
        assertTrue(
                w.sent(DorisCluster.FE).stream().anyMatch(s -> s.contains("CLONE tablet=11415 (no replica_id")),
                () -> w.sent(DorisCluster.FE).toString());
        assertEquals(0, w.copy("be3").replicaId(), "convert_rowset_ids sets the request's id, 0");
        assertTrue(
                w.traced(DorisCluster.FE, "clone finished: tablet id: 11415"),
                "the FE still matches the finish to its task");
    }

    @Test
    void anOldFesCloneStampsNothingOnANewBesExistingCopy() {
        World w = world("buggy", "fixed");
        TabletStore.seed(w.sim().nodes().disk("be2"), new LocalTablet(TABLET, 90, 90));
        deliver(w, DorisCluster.FE, "be2", new LegacyCloneTask(TABLET, 101, "be1"));
        w.sim().runUntil(5 * SECOND);
        assertEquals(90, w.copy("be2").replicaId(), "0 is not above 90: no reset");
        assertFalse(w.traced("be2", "reset replica_id"));
        assertEquals(101, w.copy("be2").writtenFor());
    }

    @Test
    void anOldFesDropCarriesZeroAndANewBeDeletesAnyCopy() {
        World w = world("buggy", "fixed");
        TabletStore.seed(w.sim().nodes().disk("be2"), new LocalTablet(TABLET, 101, 101));
        deliver(w, DorisCluster.FE, "be2", new DropTask(TABLET, 0));
        w.sim().runUntil(5 * SECOND);
        assertNull(w.copy("be2"));
    }

    // ---- new FE to old BE ----------------------------------------------------------------------

    @Test
    void aNewFesDropIdIsIgnoredByAnOldBe() {
        World w = world("fixed", "buggy");
        TabletStore.seed(w.sim().nodes().disk("be2"), new LocalTablet(TABLET, 101, 101));
        deliver(w, DorisCluster.FE, "be2", new DropTask(TABLET, 90));
        w.sim().runUntil(5 * SECOND);
        assertNull(w.copy("be2"), "no replica_id in its TDropTabletReq: the old BE drops the tablet it names");
        assertFalse(w.traced("be2", "replica_id not match"));
    }

    @Test
    void aNewFesCloneIdIsIgnoredByAnOldBe() {
        World w = world("fixed", "buggy");
        TabletStore.seed(w.sim().nodes().disk("be2"), new LocalTablet(TABLET, 0, 90));
        deliver(w, DorisCluster.FE, "be2", new CloneTask(TABLET, 101, "be1"));
        deliver(w, DorisCluster.FE, "be3", new CloneTask(TABLET, 102, "be1"));
        w.sim().runUntil(5 * SECOND);
        assertEquals(0, w.copy("be2").replicaId(), "no stamp on an existing copy");
        assertEquals(w.copy("be1").replicaId(), w.copy("be3").replicaId(), "a new copy keeps the snapshot's meta");
        assertTrue(
                w.traced("be3", "finishTask CLONE tablet=11415 replica=102 from be3 OK (full)"),
                "no report version in the finish");
        assertFalse(w.traced("be3", "report version"));
    }

    @Test
    void aNewFesReplicaIdUpdateIsIgnoredByAnOldBeAndAppliedByANewOne() {
        World old = world("fixed", "buggy");
        deliver(old, DorisCluster.FE, "be1", new UpdateTabletMeta(TABLET, 100));
        assertEquals(0, old.copy("be1").replicaId());
        World fresh = world("fixed", "fixed");
        TabletStore.seed(fresh.sim().nodes().disk("be1"), new LocalTablet(TABLET, 0, 100));
        deliver(fresh, DorisCluster.FE, "be1", new UpdateTabletMeta(TABLET, 100));
        assertEquals(100, fresh.copy("be1").replicaId());
    }

    // ---- old BE to new FE ----------------------------------------------------------------------

    @Test
    void anOldBeReportsNoIdsAndTheNewFeSyncsItsIdOnlyToABeThatTakesIt() {
        World w = world("fixed", "buggy");
        w.be("be1").report();
        w.sim().runUntil(5 * SECOND);
        assertTrue(
                w.sent("be1").stream().anyMatch(s -> s.contains("tablets=[11415/0]")),
                () -> w.sent("be1").toString());
        assertTrue(w.traced(DorisCluster.FE, "update replica id of tablet 11415 on backend[be1] to 100, reported 0"));
        assertEquals(0, w.copy("be1").replicaId(), "the old BE has no field to set");
        assertTrue(w.traced("be1", "no replica_id in this build, ignored"));
    }

    @Test
    void aCopyReportedWithoutIdIsNotAddedBackByTheNewFeButByTheOldOne() {
        for (String feMode : List.of("fixed", "buggy")) {
            World w = world(feMode, "buggy");
            TabletStore.seed(w.sim().nodes().disk("be2"), new LocalTablet(TABLET, 0, 90));
            // be1's report lacks the tablet: its only replica is set bad, so the tablet wants a replica.
            deliver(w, "be1", DorisCluster.FE, new TabletReport("be1", 0, Long.MAX_VALUE / 2, List.of()));
            w.sim().runUntil(SECOND);
            deliver(
                    w,
                    "be2",
                    DorisCluster.FE,
                    new TabletReport("be2", 0, Long.MAX_VALUE / 2, List.of(new ReportedTablet(TABLET, 0))));
            w.sim().runUntil(5 * SECOND);
            TabletMeta meta = Catalog.tablet(w.sim().nodes().disk(DorisCluster.FE), TABLET);
            if (feMode.equals("fixed")) {
                assertTrue(w.traced(
                        DorisCluster.FE, "failed add to meta. tablet[11415], backend[be2]. replica id is invalid"));
                assertNull(meta.replicaOn("be2"));
                assertNull(w.copy("be2"), "dropped with id 0");
            } else {
                assertNotNull(meta.replicaOn("be2"), "the old FE adds the copy under a new id");
                assertNotNull(w.copy("be2"));
            }
        }
    }

    // ---- new BE to old FE ----------------------------------------------------------------------

    @Test
    void aNewBesCloneRaisesItsReportVersionButOnlyANewFeAdoptsIt() {
        for (String feMode : List.of("fixed", "buggy")) {
            World w = world(feMode, "fixed");
            w.fe().balance(TABLET, "be3");
            w.sim().runUntil(5 * SECOND);
            assertTrue(
                    w.sent("be3").stream()
                            .anyMatch(s -> s.contains("finishTask CLONE") && s.contains("report version")),
                    () -> w.sent("be3").toString());
            // A report taken before the clone (version 1, the BE's boot version) reaches the FE after it.
            deliver(w, "be3", DorisCluster.FE, new TabletReport("be3", 0, 1, List.of()));
            w.sim().runUntil(10 * SECOND);
            boolean skipped = w.traced(DorisCluster.FE, "out of date report version 1 from backend[be3]");
            assertEquals(feMode.equals("fixed"), skipped, feMode + " FE");
        }
    }
}
