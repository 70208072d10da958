package shardsim.scenarios.splitstall;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import shardsim.core.scenario.RunSpec;
import shardsim.testkit.PlanOfContract;

/** planOf's contract: a run of the plan it returns repeats the run it was taken from. */
class SplitStallPlanOfTest {
    /** Seeds 0 to this (exclusive) per mode and plan; {@code -Dsplitstall.planOfSeeds=1000} checks more. */
    private static final long SEEDS = Long.getLong("splitstall.planOfSeeds", 50);

    private final SplitStallScenario scenario = new SplitStallScenario();

    @ParameterizedTest
    @CsvSource({
        "buggy, documented",
        "fixed, documented",
        "buggy, random",
        "fixed, random",
        "buggy, targeted",
        "fixed, targeted",
        "buggy, swarm",
        "fixed, swarm"
    })
    void aRunOfItsPlanRepeatsTheRun(String mode, String plan) {
        List<String> differences = new ArrayList<>();
        for (long seed = 0; seed < SEEDS; seed++) {
            Optional<String> d = PlanOfContract.difference(scenario, new RunSpec(scenario.name(), mode, plan, seed));
            d.ifPresent(differences::add);
        }
        assertEquals(List.of(), differences, differences.size() + " of " + SEEDS + " seeds differ");
    }
}
