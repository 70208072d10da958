package shardsim.scenarios.versionskew;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;

/**
 * The fix's claim, C1-C4, holds under any random or swarm seed. C5 (orphan tables) is a gap the
 * upstream fix leaves, and fires in fixed mode too (README, version-skew).
 */
class VersionSkewProperties {
    private final VersionSkewScenario scenario = new VersionSkewScenario();

    @Property(tries = 200)
    void fixedHoldsUnderRandomPlans(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RunResult r = scenario.run(new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.RANDOM, seed));
        if (!shardsim.core.scenario.Verdict.of(scenario, r).claimsHold()) {
            throw new AssertionError(shardsim.testkit.Replay.command(r.spec()) + ": " + r.violations());
        }
    }

    @Property(tries = 200)
    void fixedHoldsUnderSwarmPlans(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RunResult r = scenario.run(new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.SWARM, seed));
        if (!shardsim.core.scenario.Verdict.of(scenario, r).claimsHold()) {
            throw new AssertionError(shardsim.testkit.Replay.command(r.spec()) + ": " + r.violations());
        }
    }
}
