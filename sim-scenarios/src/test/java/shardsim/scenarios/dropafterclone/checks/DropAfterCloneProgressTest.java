package shardsim.scenarios.dropafterclone.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.NodeFault;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;

/**
 * D4 on its own: a move with no fault in force finishes and holds D4; the same move whose
 * destination is stopped from outside the fault plan (the kernel sees no fault) never finishes and
 * breaks D4 at the clone timeout; stopped by a planned crash, the move is excused.
 */
class DropAfterCloneProgressTest {
    private static final long SECOND = DorisConfig.SECOND;
    private static final long MOVE_AT = 40 * SECOND;

    private enum Dest {
        HEALTHY,
        STOPPED_UNPLANNED,
        CRASHED_BY_FAULT
    }

    private static Simulation move(Dest dest) {
        Simulation sim = ThreeBackends.simulation(5);
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(11415L, List.of("be1"));
        DorisCluster cluster = ThreeBackends.cluster(sim, placement);
        ThreeBackends.registerChecks(cluster);
        sim.at(MOVE_AT, "balance", () -> cluster.balance(11415, "be2"));
        if (dest == Dest.STOPPED_UNPLANNED) {
            // Before the CLONE's batch leaves the FE: the CLONE and its resends reach a dead BE.
            sim.at(MOVE_AT + 1, "stop be2 outside the plan", () -> sim.nodes().crash("be2"));
        } else if (dest == Dest.CRASHED_BY_FAULT) {
            sim.faults().injectAt(MOVE_AT + 1, new NodeFault.Crash("be2"));
        }
        ThreeBackends.runToEnd(sim);
        return sim;
    }

    @Test
    void aMoveWithNoFaultFinishesAndHoldsD4() {
        Simulation sim = move(Dest.HEALTHY);
        assertTrue(sim.checks().ok(), () -> sim.checks().violations().toString());
        Replica added = Catalog.tablet(sim.nodes().disk(DorisCluster.FE), 11415).replicaOn("be2");
        assertNotNull(added);
        assertEquals(Replica.State.NORMAL, added.state());
    }

    @Test
    void aMoveThatNeverFinishesWithNoFaultBreaksD4() {
        Simulation sim = move(Dest.STOPPED_UNPLANNED);
        assertEquals(List.of(DorisChecks.D4.name()), ThreeBackends.violated(sim));
        assertTrue(
                sim.checks().violations().get(0).message().contains("did not finish within the clone timeout"),
                () -> sim.checks().violations().toString());
    }

    @Test
    void aMoveStoppedByAPlannedCrashIsExcused() {
        Simulation sim = move(Dest.CRASHED_BY_FAULT);
        assertEquals(List.of(), ThreeBackends.violated(sim));
    }
}
