package shardsim.scenarios.splitstall;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;

/** The fix holds over seeds, under generated faults at fixed and at swarm-drawn intensities. */
class SplitStallPropertiesTest {
    private final SplitStallScenario scenario = new SplitStallScenario();

    @Property(tries = 200)
    boolean fixedHoldsUnderRandomFaults(@ForAll @LongRange(min = 0, max = 10_000_000) long seed) {
        RunResult r = scenario.run(new RunSpec(scenario.name(), "fixed", "random", seed));
        return r.ok();
    }

    @Property(tries = 200)
    boolean fixedHoldsUnderSwarmFaults(@ForAll @LongRange(min = 0, max = 10_000_000) long seed) {
        RunResult r = scenario.run(new RunSpec(scenario.name(), "fixed", "swarm", seed));
        return r.ok();
    }
}
