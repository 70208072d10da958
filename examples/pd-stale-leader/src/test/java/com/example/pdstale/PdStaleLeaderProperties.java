package com.example.pdstale;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.testkit.Replay;
import shardsim.testkit.arbitraries.FaultArbitraries;
import shardsim.testkit.arbitraries.PlanArbitraries;
import shardsim.testkit.arbitraries.WorkloadArbitraries;

/**
 * The fix holds for any seed under any plan the test kit's arbitraries build in the documented
 * world (kernel faults with PD the only node that crashes, transfers of region 2, a lossy link);
 * a failure names the {@code sim run} command that replays the shrunk case.
 */
class PdStaleLeaderProperties {
    private static final PdStaleLeaderScenario SCENARIO = new PdStaleLeaderScenario();
    private static final long S = PdWorld.SECOND;

    @Provide
    Arbitrary<CustomPlan> plans() {
        PdWorld w = PdWorld.documented();
        FaultArbitraries.Window window = new FaultArbitraries.Window(10 * S, w.tailStartMicros(), 30 * S);
        Arbitrary<TransferLeader> transfers = Combinators.combine(Arbitraries.of(w.regionIds()), Arbitraries.of(PdWorld.STORES)).as(TransferLeader::new);
        return PlanArbitraries.plans(Plans.DOCUMENTED, PlanArbitraries.links(0.1, 2_000_000),
                FaultArbitraries.kernelPlans(w.nodes(), w.crashableNodes(), window, 8),
                WorkloadArbitraries.workloads(transfers, 10 * S, w.tailStartMicros(), 10));
    }

    @Property(tries = 300)
    void fixedHolds(@ForAll long seed, @ForAll("plans") CustomPlan plan) {
        Replay.assertHolds(SCENARIO, "fixed", seed, plan);
    }

    @Example
    void buggyFailsOnTheDocumentedPlanAndNamesTheReplay() {
        CustomPlan documented = SCENARIO.planOf(new RunSpec(SCENARIO.name(), "buggy", Plans.DOCUMENTED, 0));
        AssertionError e = assertThrows(AssertionError.class, () -> Replay.assertHolds(SCENARIO, "buggy", 0, documented));
        assertTrue(e.getMessage().contains("\n  P1 ") && e.getMessage().contains("\nreplay: ./sim run pd-stale-leader --mode buggy --plan "), e.getMessage());
        Replay.assertHolds(SCENARIO, "fixed", 0, documented);
    }
}
