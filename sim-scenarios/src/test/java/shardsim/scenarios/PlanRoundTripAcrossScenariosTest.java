package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.testkit.PlanRoundTrip;

/**
 * The test kit's plan-file round trip over every built-in scenario: every kind has a plan-file
 * form, and the plans of every built-in plan (documented, random, swarm, targeted), in buggy and
 * fixed mode, for a few seeds, and a shrunk plan of each of the first failing buggy seeds, go
 * through the one codec and back to the same plan, text, seed and digest.
 */
class PlanRoundTripAcrossScenariosTest {
    private static final long SEEDS = 3;

    static List<Scenario> scenarios() {
        return Scenarios.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void everyPlanKindRoundTrips(Scenario scenario) {
        assertEquals(List.of(), PlanRoundTrip.kindProblems(scenario));
        List<String> differences = new ArrayList<>();
        int plans = 0;
        for (String mode : List.of(Plans.BUGGY, Plans.FIXED)) {
            for (String plan : scenario.plans()) {
                for (long seed = 0; seed < SEEDS; seed++) {
                    PlanRoundTrip.difference(scenario, new RunSpec(scenario.name(), mode, plan, seed))
                            .ifPresent(differences::add);
                    plans++;
                }
            }
        }
        int shrunk = 0;
        for (String plan : List.of(Plans.DOCUMENTED, Plans.RANDOM)) {
            for (long seed = 0; seed < 10 && shrunk < (plan.equals(Plans.DOCUMENTED) ? 1 : 2); seed++) {
                Optional<CustomPlan> s =
                        PlanRoundTrip.shrunk(scenario, new RunSpec(scenario.name(), Plans.BUGGY, plan, seed), 60);
                if (s.isPresent()) {
                    PlanRoundTrip.difference(scenario, Plans.BUGGY, s.get(), seed)
                            .ifPresent(differences::add);
                    shrunk++;
                    plans++;
                }
            }
        }
        assertEquals(List.of(), differences, differences.size() + " of " + plans + " plans differ");
        assertTrue(shrunk >= 2, scenario.name() + ": shrunk plans compared: " + shrunk);
        System.out.println("plan round trip: " + scenario.name() + ": " + plans + " plans (" + shrunk
                + " shrunk) written, read and replayed to the same digest");
    }
}
