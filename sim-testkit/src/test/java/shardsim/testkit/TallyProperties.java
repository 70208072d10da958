package shardsim.testkit;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.testkit.arbitraries.FaultArbitraries;
import shardsim.testkit.arbitraries.PlanArbitraries;
import shardsim.testkit.arbitraries.WorkloadArbitraries;
import shardsim.testkit.fixture.TallyScenario;

/** The kit end to end: the arbitraries build plans for the fixture, and its fix holds under each (else Replay names the command). */
class TallyProperties {
    private static final TallyScenario TALLY = new TallyScenario();
    private static final long S = TallyScenario.SECOND;

    @Provide
    Arbitrary<CustomPlan> plans() {
        FaultArbitraries.Window w = new FaultArbitraries.Window(S, 20 * S, 5 * S);
        return PlanArbitraries.plans(
                Plans.RANDOM,
                PlanArbitraries.links(0.2, 50_000),
                FaultArbitraries.kernelPlans(List.of("client", "server"), List.of("server"), w, 4),
                WorkloadArbitraries.workloads(
                        Arbitraries.integers().between(1, 9).map(TallyScenario.Add::new), S, 20 * S, 10));
    }

    @Property(tries = 200)
    void theFixHoldsUnderAnyPlan(@ForAll long seed, @ForAll("plans") CustomPlan plan) {
        Replay.assertHolds(TALLY, "fixed", seed, plan);
    }
}
