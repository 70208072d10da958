package shardsim.scenarios.dropafterclone.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fault.NodeFault;
import shardsim.core.node.Disk;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;

/**
 * D5 on its own: the FE restarts while a balance move's CLONE replica is in its catalog. A healthy
 * restart (a crash and a restart, or a code change that stops and boots the FE in one event) holds
 * D5; a catalog changed from outside while the FE is down (a NORMAL replica removed, a replica it
 * never had added) breaks it at the recovery. The comparison itself is also judged on hand-made
 * catalogs: kept CLONE replicas, CLONE replicas turned NORMAL, lost NORMAL replicas.
 */
class DropAfterCloneCatalogRecoveryTest {
    private static final long SECOND = DorisConfig.SECOND;
    private static final long MOVE_AT = 40 * SECOND;
    private static final long TABLET = 11415;

    private enum Restart {
        CRASH_AND_RESTART,
        CODE_CHANGE,
        NORMAL_REPLICA_REMOVED_WHILE_DOWN,
        REPLICA_ADDED_WHILE_DOWN
    }

    /** Tablet 11415 on be1 and be2 (replicas 500, 501); a move to be3 starts at 40 s, and the FE restarts while it runs. */
    private static Simulation restart(Restart how, List<TabletMeta> atCrash) {
        Simulation sim = ThreeBackends.simulation(7);
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(TABLET, List.of("be1", "be2"));
        DorisCluster cluster = ThreeBackends.cluster(sim, placement);
        ThreeBackends.registerChecks(cluster);
        sim.at(MOVE_AT, "balance", () -> cluster.balance(TABLET, "be3"));
        // Before the CLONE's batch leaves the FE, so the CLONE replica is in the catalog when it stops.
        sim.at(
                MOVE_AT + 1,
                "catalog at the stop",
                () -> atCrash.addAll(Catalog.tablets(sim.nodes().disk(DorisCluster.FE))));
        Disk fe = sim.nodes().disk(DorisCluster.FE);
        if (how == Restart.CODE_CHANGE) {
            sim.faults().injectAt(MOVE_AT + 2, new NodeFault.Upgrade(DorisCluster.FE, "fixed"));
        } else {
            sim.faults().injectAt(MOVE_AT + 2, new NodeFault.Crash(DorisCluster.FE));
            if (how == Restart.NORMAL_REPLICA_REMOVED_WHILE_DOWN) {
                sim.at(
                        45 * SECOND,
                        "remove a NORMAL replica from the FE's disk",
                        () -> Catalog.put(fe, Catalog.tablet(fe, TABLET).without(501)));
            } else if (how == Restart.REPLICA_ADDED_WHILE_DOWN) {
                sim.at(
                        45 * SECOND,
                        "add a replica to the FE's disk",
                        () -> Catalog.put(
                                fe, Catalog.tablet(fe, TABLET).with(new Replica(9000, "be3", Replica.State.NORMAL))));
            }
            sim.faults().injectAt(50 * SECOND, new NodeFault.Restart(DorisCluster.FE));
        }
        ThreeBackends.runToEnd(sim);
        return sim;
    }

    private static void assertHealthy(Restart how) {
        List<TabletMeta> atCrash = new ArrayList<>();
        Simulation sim = restart(how, atCrash);
        assertTrue(sim.checks().ok(), () -> sim.checks().violations().toString());
        // The restart did hit a running move: a CLONE replica was in the catalog when the FE stopped.
        Replica clone = atCrash.get(0).replicaOn("be3");
        assertNotNull(clone);
        assertEquals(Replica.State.CLONE, clone.state());
        TabletMeta after = Catalog.tablet(sim.nodes().disk(DorisCluster.FE), TABLET);
        assertNotNull(after.replica(500));
        assertNotNull(after.replica(501));
        assertNull(after.replica(clone.replicaId()));
    }

    @Test
    void aCrashAndRestartDuringAMoveHoldsD5() {
        assertHealthy(Restart.CRASH_AND_RESTART);
    }

    @Test
    void aCodeChangeDuringAMoveHoldsD5() {
        assertHealthy(Restart.CODE_CHANGE);
    }

    @Test
    void aNormalReplicaLostWhileTheFeIsDownBreaksD5() {
        Simulation sim = restart(Restart.NORMAL_REPLICA_REMOVED_WHILE_DOWN, new ArrayList<>());
        assertTrue(
                ThreeBackends.violated(sim).contains(DorisChecks.D5.name()),
                () -> sim.checks().violations().toString());
        Violation first = sim.checks().violations().get(0);
        assertEquals(
                DorisChecks.D5.name(),
                first.invariant(),
                () -> sim.checks().violations().toString());
        assertTrue(first.message().contains("NORMAL replica 501 of tablet 11415 on be2 is gone"), first::message);
        assertEquals(50 * SECOND, first.timeMicros());
    }

    @Test
    void aReplicaAddedWhileTheFeIsDownBreaksD5() {
        Simulation sim = restart(Restart.REPLICA_ADDED_WHILE_DOWN, new ArrayList<>());
        // The added replica shares be3 with the move's CLONE replica, which D6 sees at once; D5 at the recovery.
        Violation d5 = sim.checks().violations().stream()
                .filter(v -> v.invariant().equals(DorisChecks.D5.name()))
                .findFirst()
                .orElseThrow();
        assertEquals(
                50 * SECOND, d5.timeMicros(), () -> sim.checks().violations().toString());
        assertTrue(d5.message().contains("replica 9000 of tablet 11415 on be3 is in its catalog"), d5::message);
    }

    // ---- the comparison on hand-made catalogs -----------------------------------------------

    private static TreeMap<Long, TabletMeta> catalog(Replica... replicas) {
        TreeMap<Long, TabletMeta> out = new TreeMap<>();
        out.put(TABLET, new TabletMeta(TABLET, 2, List.of(replicas)));
        return out;
    }

    private static final Replica NORMAL_1 = new Replica(500, "be1", Replica.State.NORMAL);
    private static final Replica NORMAL_2 = new Replica(501, "be2", Replica.State.NORMAL).asBad();
    private static final Replica CLONE_3 = new Replica(502, "be3", Replica.State.CLONE);

    @Test
    void theCatalogLessItsCloneReplicasIsARecovery() {
        assertNull(CatalogRecovery.compare(
                catalog(NORMAL_1, NORMAL_2, CLONE_3), catalog(NORMAL_1, NORMAL_2), new TreeSet<>()));
        assertNull(CatalogRecovery.compare(catalog(NORMAL_1, NORMAL_2), catalog(NORMAL_1, NORMAL_2), new TreeSet<>()));
    }

    @Test
    void aKeptCloneReplicaBreaksD5UnlessItsMoveRuns() {
        String p = CatalogRecovery.compare(
                catalog(NORMAL_1, NORMAL_2, CLONE_3), catalog(NORMAL_1, NORMAL_2, CLONE_3), new TreeSet<>());
        assertNotNull(p);
        assertTrue(p.contains("CLONE replica 502"), p);
        assertNull(CatalogRecovery.compare(
                catalog(NORMAL_1, NORMAL_2, CLONE_3),
                catalog(NORMAL_1, NORMAL_2, CLONE_3),
                new TreeSet<>(List.of(502L))));
    }

    @Test
    void aCloneReplicaTurnedNormalBreaksD5() {
        String p = CatalogRecovery.compare(
                catalog(NORMAL_1, CLONE_3),
                catalog(NORMAL_1, CLONE_3.withState(Replica.State.NORMAL)),
                new TreeSet<>());
        assertNotNull(p);
        assertTrue(p.contains("its clone never finished"), p);
    }

    @Test
    void aLostOrChangedNormalReplicaBreaksD5() {
        assertTrue(CatalogRecovery.compare(catalog(NORMAL_1, NORMAL_2, CLONE_3), catalog(CLONE_3), new TreeSet<>())
                .contains("NORMAL replica 500"));
        assertTrue(CatalogRecovery.compare(
                        catalog(NORMAL_1, NORMAL_2),
                        catalog(NORMAL_1, new Replica(501, "be2", Replica.State.NORMAL)),
                        new TreeSet<>())
                .contains("NORMAL replica 501"));
        assertTrue(CatalogRecovery.compare(catalog(NORMAL_1), new TreeMap<>(), new TreeSet<>())
                .contains("tablet 11415 is gone"));
    }
}
