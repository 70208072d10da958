package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * Checks observe: in every scenario, mode and plan, no model code raises a violation. The kernel
 * refuses one raised while a handler, timer, task, fault or driver action runs, so such a run
 * would end in an IllegalStateException here instead of a result.
 */
class ChecksObserveAcrossScenariosTest {
    @Test
    void noModelCodeRaisesAViolation() {
        int runs = 0;
        int violated = 0;
        for (Scenario scenario : Scenarios.all()) {
            for (String mode : scenario.modes()) {
                for (String plan : scenario.plans()) {
                    for (long seed = 0; seed < 4; seed++) {
                        RunSpec spec = new RunSpec(scenario.name(), mode, plan, seed);
                        try {
                            RunResult r = scenario.run(spec);
                            runs++;
                            violated += r.ok() ? 0 : 1;
                        } catch (IllegalStateException e) {
                            fail(shardsim.testkit.Replay.command(spec) + ": " + e.getMessage(), e);
                        }
                    }
                }
            }
        }
        // The sample must include runs whose checks fired, or it would prove nothing about them.
        assertTrue(violated > 0 && runs > violated, runs + " runs, " + violated + " violated");
    }
}
