package shardsim.scenarios.versionskew;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;

class VersionSkewProperties {
    private final VersionSkewScenario scenario = new VersionSkewScenario();

    @Property(tries = 200)
    void fixedHoldsUnderRandomPlans(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RunResult r = scenario.run(new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.RANDOM, seed));
        if (!r.ok()) {
            throw new AssertionError(r.spec().command() + ": " + r.violations());
        }
    }

    @Property(tries = 200)
    void fixedHoldsUnderSwarmPlans(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RunResult r = scenario.run(new RunSpec(VersionSkewScenario.NAME, Plans.FIXED, Plans.SWARM, seed));
        if (!r.ok()) {
            throw new AssertionError(r.spec().command() + ": " + r.violations());
        }
    }

    /** Fixed holds for any plan of scenario and kernel faults and client requests in the documented world. */
    @Property(tries = 100)
    void fixedHoldsForArbitraryDocumentedPlans(@ForAll long seed, @ForAll("documentedPlans") CustomPlan plan) {
        RunSpec spec = RunSpec.custom(VersionSkewScenario.NAME, Plans.FIXED, plan, seed);
        RunResult r = scenario.run(spec);
        if (!r.ok()) {
            throw new AssertionError(spec.command() + ": " + r.violations() + "\nplan: " + plan);
        }
    }

    @Provide
    Arbitrary<CustomPlan> documentedPlans() {
        return VersionSkewArbitraries.documentedPlans();
    }
}
