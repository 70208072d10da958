package shardsim.scenarios.dropafterclone.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
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
 * D10 and D11, the two steps that may add an alive replica. D10 on runs: the catalog is changed by
 * hand at 45 s; a copy the model adopts from a report because its tablet is short holds D10, a
 * NORMAL replica put into a tablet that has enough breaks it. D11 on a run: a balance move that
 * finishes holds it and leaves the replication number; its judgement is tried on the catalog a
 * finish that kept its source would leave (no hand event can act inside the finish's event).
 */
class DropAfterCloneReplicaCountTest {
    private static final long SECOND = DorisConfig.SECOND;
    private static final long AT = 45 * SECOND;
    private static final long TABLET = 11415;

    /** Tablet 11415 on be1 and be2 (replicas 500, 501; replication number 2); {@code atBreak} runs at 45 s. */
    private static Simulation run(Consumer<DorisCluster> atBreak) {
        Simulation sim = ThreeBackends.simulation(5);
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(TABLET, List.of("be1", "be2"));
        DorisCluster cluster = ThreeBackends.cluster(sim, placement);
        ThreeBackends.registerChecks(cluster);
        sim.at(AT, "change the run", () -> atBreak.accept(cluster));
        ThreeBackends.runToEnd(sim);
        return sim;
    }

    private static TabletMeta tablet(Simulation sim) {
        return Catalog.tablet(sim.nodes().disk(DorisCluster.FE), TABLET);
    }

    @Test
    void aReportedCopyAdoptedWhileTheTabletIsShortHoldsD10() {
        // As a report of a BE that missed the tablet would: replica 501 leaves the catalog; be2's next report lists the
        // copy.
        Simulation sim = run(c -> {
            Disk fe = c.sim().nodes().disk(DorisCluster.FE);
            Catalog.put(fe, Catalog.tablet(fe, TABLET).without(501));
        });
        // The hand deletion itself is what D8 forbids (be2 still holds the copy); only D8 may speak.
        assertTrue(
                sim.checks().violations().stream().allMatch(v -> v.invariant().equals(DorisChecks.D8.name())),
                () -> sim.checks().violations().toString());
        assertEquals(
                1,
                sim.checks().violations().size(),
                () -> sim.checks().violations().toString());
        Replica adopted = tablet(sim).replicaOn("be2");
        assertNotNull(adopted, "be2's copy was not adopted");
        assertEquals(Replica.State.NORMAL, adopted.state());
        assertEquals(2, ReportAdoption.alive(tablet(sim)));
    }

    @Test
    void aNormalReplicaPutIntoATabletWithEnoughBreaksD10() {
        Simulation sim = run(c -> {
            Disk fe = c.sim().nodes().disk(DorisCluster.FE);
            Catalog.put(fe, Catalog.tablet(fe, TABLET).with(new Replica(9000, "be3", Replica.State.NORMAL)));
            TabletStore.seed(c.sim().nodes().disk("be3"), new LocalTablet(TABLET, 9000, 9000));
        });
        assertTrue(!sim.checks().violations().isEmpty(), "no violation");
        Violation first = sim.checks().violations().get(0);
        assertEquals(
                DorisChecks.D10.name(),
                first.invariant(),
                () -> sim.checks().violations().toString());
        assertEquals(AT, first.timeMicros());
        assertEquals(
                "tablet 11415 took replica 9000 on be3 as NORMAL (1 new) while it had 2 alive replicas of replication number 2: the replica is enough",
                first.message());
    }

    @Test
    void d10CountsNewIdsNotCloneFinishesAndSkipsBadReplicas() {
        Replica a = new Replica(1, "be1", Replica.State.NORMAL);
        Replica b = new Replica(2, "be2", Replica.State.NORMAL);
        TabletMeta full = new TabletMeta(TABLET, 2, List.of(a, b));
        // A CLONE turning NORMAL is no entry.
        TabletMeta moving = full.with(new Replica(3, "be3", Replica.State.CLONE));
        assertNull(ReportAdoption.judge(moving, moving.replaced(new Replica(3, "be3", Replica.State.NORMAL))));
        assertNotNull(ReportAdoption.judge(full, full.with(new Replica(4, "be3", Replica.State.NORMAL))));
        // A bad replica is not alive, so the tablet is short and may adopt.
        TabletMeta withBad = new TabletMeta(TABLET, 2, List.of(a, b.asBad()));
        assertNull(ReportAdoption.judge(withBad, withBad.with(new Replica(4, "be3", Replica.State.NORMAL))));
        assertNotNull(ReportAdoption.judge(
                withBad,
                withBad.with(new Replica(4, "be3", Replica.State.NORMAL))
                        .with(new Replica(5, "be4", Replica.State.NORMAL))));
    }

    @Test
    void aFinishedBalanceHoldsD11AndLeavesTheReplicationNumber() {
        Simulation sim = run(c -> c.balance(TABLET, "be3"));
        assertTrue(sim.checks().ok(), () -> sim.checks().violations().toString());
        TabletMeta after = tablet(sim);
        assertNull(after.replicaOn("be1"), "the source stayed in the catalog");
        assertEquals(Replica.State.NORMAL, after.replicaOn("be3").state());
        assertEquals(2, ReportAdoption.alive(after));
    }

    @Test
    void d11JudgesAFinishThatKeepsItsSource() {
        Replica a = new Replica(1, "be1", Replica.State.NORMAL);
        Replica b = new Replica(2, "be2", Replica.State.NORMAL);
        Replica clone = new Replica(3, "be3", Replica.State.CLONE);
        TabletMeta prior = new TabletMeta(TABLET, 2, List.of(a, b, clone));
        Frontend.Move move = new Frontend.Move(TABLET, 3, "be1", "be3", 0, null);
        TabletMeta finished = prior.replaced(clone.withState(Replica.State.NORMAL));
        assertNull(BalanceFinish.judge(prior, finished.without(1), move));
        assertEquals(
                "balance of tablet 11415 from be1 to be3 finished (replica 3 NORMAL) but kept its source replica 1: 2 alive replicas before, 3 after, replication number 2",
                BalanceFinish.judge(prior, finished, move));
        // The source already left the catalog (a report deleted it mid-move): not judged, the model has no REDUNDANT
        // repair.
        TabletMeta noSource = prior.without(1);
        assertNull(BalanceFinish.judge(noSource, noSource.replaced(clone.withState(Replica.State.NORMAL)), move));
        // No finish: the CLONE replica is still CLONE, or another move's.
        assertNull(BalanceFinish.judge(prior, prior, move));
        assertNull(BalanceFinish.judge(prior, finished, new Frontend.Move(TABLET, 4, "be1", "be3", 0, null)));
    }
}
