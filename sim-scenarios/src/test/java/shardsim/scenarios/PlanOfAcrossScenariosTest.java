package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.testkit.PlanOfContract;

/**
 * The test kit's planOf contract over every built-in scenario, in buggy and fixed mode, under
 * each of its built-in plans, for a few seeds: the plan planOf gives back, run as data, repeats
 * the run event for event. (Each scenario's own PlanOf test sweeps more seeds.)
 */
class PlanOfAcrossScenariosTest {
    private static final long SEEDS = 5;

    static List<Scenario> scenarios() {
        return Scenarios.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void planOfRepeatsEveryBuiltInRun(Scenario scenario) {
        List<String> differences = new ArrayList<>();
        int failing = 0;
        int runs = 0;
        for (String mode : List.of(Plans.BUGGY, Plans.FIXED)) {
            for (String plan : scenario.plans()) {
                for (long seed = 0; seed < SEEDS; seed++) {
                    RunSpec spec = new RunSpec(scenario.name(), mode, plan, seed);
                    CustomPlan data = scenario.planOf(spec);
                    assertEquals(plan, data.base(), shardsim.testkit.Replay.command(spec));
                    assertTrue(data.hasWorkload(), shardsim.testkit.Replay.command(spec));
                    PlanOfContract.difference(scenario, spec).ifPresent(differences::add);
                    failing += scenario.run(spec).ok() ? 0 : 1;
                    runs++;
                }
            }
        }
        assertEquals(List.of(), differences, differences.size() + " of " + runs + " runs differ");
        // Failing runs were compared too (every buggy documented plan fails).
        assertTrue(failing > 0, scenario.name() + ": no failing run among " + runs);
    }
}
