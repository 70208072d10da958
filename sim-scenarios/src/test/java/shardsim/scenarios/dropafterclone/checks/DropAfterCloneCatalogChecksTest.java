package shardsim.scenarios.dropafterclone.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Rule;
import shardsim.core.check.Violation;
import shardsim.core.node.Disk;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.LocalTablet;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;
import shardsim.scenarios.dropafterclone.model.TabletStore;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;

/**
 * D6 and D7 on broken catalogs: each run changes the FE's catalog by hand at 45 s (as a mutated FE
 * would) and the rule names the change; the same catalogs with nothing changed hold every rule.
 * The rules' judgements are also tried on hand-made tablets.
 */
class DropAfterCloneCatalogChecksTest {
    private static final long SECOND = DorisConfig.SECOND;
    private static final long BREAK_AT = 45 * SECOND;
    private static final long TABLET = 11415;

    /** Tablet 11415 on {@code backends} (replicas 500, 501, ...); at 45 s {@code change} rewrites its meta and {@code seed} a BE disk. */
    private static Simulation run(List<String> backends, UnaryOperator<TabletMeta> change, String seedCopyOn) {
        Simulation sim = ThreeBackends.simulation(5);
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(TABLET, backends);
        DorisCluster cluster = ThreeBackends.cluster(sim, placement);
        ThreeBackends.registerChecks(cluster);
        Disk fe = sim.nodes().disk(DorisCluster.FE);
        sim.at(BREAK_AT, "change the catalog", () -> {
            Catalog.put(fe, change.apply(Catalog.tablet(fe, TABLET)));
            if (seedCopyOn != null) {
                TabletStore.seed(sim.nodes().disk(seedCopyOn), new LocalTablet(TABLET, 9000, 9000));
            }
        });
        ThreeBackends.runToEnd(sim);
        return sim;
    }

    private static void assertFirst(Simulation sim, Rule rule, long atMicros, String says) {
        assertTrue(!sim.checks().violations().isEmpty(), "no violation");
        Violation first = sim.checks().violations().get(0);
        assertEquals(
                rule.name(), first.invariant(), () -> sim.checks().violations().toString());
        assertEquals(
                atMicros, first.timeMicros(), () -> sim.checks().violations().toString());
        assertTrue(first.message().contains(says), first::message);
    }

    @Test
    void anUnchangedCatalogHoldsEveryRule() {
        Simulation sim = run(List.of("be1", "be2"), m -> m, null);
        assertTrue(sim.checks().ok(), () -> sim.checks().violations().toString());
        Simulation one = run(List.of("be1"), m -> m, null);
        assertTrue(one.checks().ok(), () -> one.checks().violations().toString());
    }

    // ---- D6 ------------------------------------------------------------------------------------

    @Test
    void twoReplicasOnOneBackendBreakD6() {
        Simulation sim = run(
                List.of("be1", "be2"), m -> m.without(501).with(new Replica(9000, "be1", Replica.State.NORMAL)), null);
        assertFirst(
                sim,
                DorisChecks.D6,
                BREAK_AT,
                "tablet 11415 has two catalog replicas on be1 (replica 9000 is the second)");
    }

    @Test
    void d6JudgesBackendsNotStates() {
        TabletMeta distinct = new TabletMeta(
                TABLET,
                2,
                List.of(new Replica(1, "be1", Replica.State.NORMAL), new Replica(2, "be2", Replica.State.CLONE)));
        assertNull(DistinctBackends.judge(distinct));
        assertNotNull(DistinctBackends.judge(distinct.with(new Replica(3, "be2", Replica.State.CLONE))));
    }

    // ---- D7 ------------------------------------------------------------------------------------

    @Test
    void aCloneReplicaWithoutAMoveBreaksD7() {
        Simulation sim = run(List.of("be1", "be2"), m -> m.with(new Replica(9000, "be3", Replica.State.CLONE)), null);
        assertFirst(
                sim,
                DorisChecks.D7,
                BREAK_AT,
                "CLONE replica 9000 of tablet 11415 on be3 belongs to no balance move the FE runs");
    }

    @Test
    void d7MatchesTheMovesReplicaAndDestination() {
        TabletMeta meta = new TabletMeta(
                TABLET,
                1,
                List.of(new Replica(1, "be1", Replica.State.NORMAL), new Replica(2, "be2", Replica.State.CLONE)));
        assertNull(CloneOwnership.judge(meta, new Frontend.Move(TABLET, 2, "be1", "be2", 0, null)));
        assertNotNull(CloneOwnership.judge(meta, null));
        assertNotNull(CloneOwnership.judge(meta, new Frontend.Move(TABLET, 3, "be1", "be2", 0, null)));
        assertNotNull(CloneOwnership.judge(meta, new Frontend.Move(TABLET, 2, "be1", "be3", 0, null)));
        TabletMeta noClone = new TabletMeta(TABLET, 1, List.of(new Replica(1, "be1", Replica.State.NORMAL)));
        assertNull(CloneOwnership.judge(noClone, null));
    }
}
