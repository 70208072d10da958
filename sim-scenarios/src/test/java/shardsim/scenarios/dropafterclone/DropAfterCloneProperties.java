package shardsim.scenarios.dropafterclone;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Assertions;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;

/** The fix holds under generated plans: D1, D2 and D3 over seeds of {@code random} and {@code swarm}. */
class DropAfterCloneProperties {
    private final DropAfterCloneScenario scenario = new DropAfterCloneScenario();

    private void assertHolds(String plan, long seed) {
        RunResult r = scenario.run(new RunSpec(scenario.name(), "fixed", plan, seed));
        Assertions.assertTrue(r.ok(), () -> r.spec().command() + " violated " + r.violations());
    }

    @Property(tries = 200)
    void fixedHoldsUnderRandom(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        assertHolds("random", seed);
    }

    @Property(tries = 200)
    void fixedHoldsUnderSwarm(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        assertHolds("swarm", seed);
    }
}
