package shardsim.scenarios.splitstall;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;

/**
 * The fix keeps its claims over seeds (every invariant but its declared gaps, U3 and U7), under
 * generated faults at fixed and at swarm-drawn intensities. (Plans
 * built by jqwik in the documented world are sim-cli's DocumentedWorldProperties.)
 */
class SplitStallPropertiesTest {
    private final SplitStallScenario scenario = new SplitStallScenario();

    private void holds(String plan, long seed) {
        RunResult r = scenario.run(new RunSpec(scenario.name(), "fixed", plan, seed));
        if (!r.holdsApartFrom(scenario.residualGaps())) {
            throw new AssertionError("./" + shardsim.testkit.Replay.command(r.spec()) + " broke " + r.violations());
        }
    }

    @Property(tries = 200)
    void fixedHoldsUnderRandomFaults(@ForAll @LongRange(min = 0, max = 10_000_000) long seed) {
        holds("random", seed);
    }

    @Property(tries = 200)
    void fixedHoldsUnderSwarmFaults(@ForAll @LongRange(min = 0, max = 10_000_000) long seed) {
        holds("swarm", seed);
    }
}
