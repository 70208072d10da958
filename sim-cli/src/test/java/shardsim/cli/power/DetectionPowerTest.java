package shardsim.cli.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.Scenarios;

/**
 * The simulator must keep finding each bug quickly: from 100 starting seeds, a sweep of the buggy
 * mode under each plan drawn from the seed fails within a bound of about three times the p90 (and
 * at least the maximum) that
 * {@code sim power SCENARIO --starts 100} measured (README, "Detection power"). A change that
 * blinds the simulator (a fault no longer injected, a check that stopped looking) fails here.
 * Counts of seeds are deterministic, so the bound is not a flaky timing.
 */
class DetectionPowerTest {
    @ParameterizedTest(name = "{0} {1}: found within {3} seeds from every start (measured p90 {2})")
    @CsvSource({
        "version-skew, random, 1, 3",
        "version-skew, targeted, 2, 6",
        "version-skew, swarm, 2, 6",
        "drop-after-clone, random, 7, 21",
        "drop-after-clone, targeted, 6, 18",
        "drop-after-clone, swarm, 9, 30",
        "split-stall, random, 19, 57",
        "split-stall, targeted, 1, 3",
        "split-stall, swarm, 5, 15",
    })
    void buggyIsFoundWithinTheBound(String name, String plan, int measuredP90, int bound) {
        Scenario scenario = Scenarios.byName(name).orElseThrow();
        List<StartResult> results = Power.measure(scenario, "buggy", plan, 100, bound, 1);
        for (StartResult r : results) {
            assertTrue(
                    r.found(),
                    name + " " + plan + ": no failure in seeds " + r.start() + ".." + (r.start() + bound - 1)
                            + "; reproduce the sweep with ./sim sweep " + name + " --mode buggy --plan " + plan
                            + " --seeds " + r.start() + ".." + (r.start() + bound - 1));
        }
        assertEquals(100, results.size());
    }
}
