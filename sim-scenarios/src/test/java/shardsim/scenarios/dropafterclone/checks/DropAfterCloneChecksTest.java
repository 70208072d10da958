package shardsim.scenarios.dropafterclone.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.model.Backend;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.LocalTablet;
import shardsim.scenarios.dropafterclone.model.TabletStore;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisFault;

/** D3 on its own: a leftover copy is dropped in time, and one held up too long is reported. */
class DropAfterCloneChecksTest {
    private static final long SECOND = DorisConfig.SECOND;

    /** Tablet 11415 lives on be1; be2 holds a leftover copy the catalog does not reference. */
    private static Simulation leftover(boolean stallDrops) {
        Simulation sim = ThreeBackends.simulation(3);
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(11415L, List.of("be1"));
        DorisCluster cluster = ThreeBackends.cluster(sim, placement);
        TabletStore.seed(sim.nodes().disk("be2"), new LocalTablet(11415, 400, 400));
        ThreeBackends.registerChecks(cluster);
        if (stallDrops) {
            // A drop pool busy longer than three report intervals: the fence is not at fault, but D3 must see it.
            sim.faults().injectAt(SECOND, new DorisFault.StallPool("be2", Backend.DROP_POOL, 300 * SECOND));
        }
        ThreeBackends.runToEnd(sim);
        return sim;
    }

    @Test
    void leftoverCopyIsDroppedWithinThreeReports() {
        Simulation sim = leftover(false);
        assertTrue(sim.checks().ok(), () -> sim.checks().violations().toString());
        assertNull(Backend.tablet(sim.nodes().disk("be2"), 11415));
        assertEquals(1, Backend.tablets(sim.nodes().disk("be1")).size());
    }

    @Test
    void copyHeldTooLongViolatesD3() {
        Simulation sim = leftover(true);
        List<String> names = new ArrayList<>();
        for (Violation v : sim.checks().violations()) {
            names.add(v.invariant());
        }
        assertEquals(List.of(DorisChecks.D3.name()), names);
    }
}
