package shardsim.scenarios.dropafterclone;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Assertions;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.dropafterclone.plan.DorisArbitraries;
import shardsim.scenarios.dropafterclone.plan.DorisFault;

/**
 * The fix holds under generated plans: every claimed rule (all but the residual gap D9) over seeds
 * of {@code random} and {@code swarm}, and over plans of faults and balance moves built in the documented world.
 */
class DropAfterCloneProperties {
    private final DropAfterCloneScenario scenario = new DropAfterCloneScenario();

    private void assertHolds(String plan, long seed) {
        RunResult r = scenario.run(new RunSpec(scenario.name(), "fixed", plan, seed));
        // D9 is the fix's residual gap: it judges nothing.
        Assertions.assertTrue(
                shardsim.core.scenario.Verdict.of(scenario, r).claimsHold(),
                () -> shardsim.testkit.Replay.command(r.spec()) + " violated " + r.violations());
    }

    @Property(tries = 200)
    void fixedHoldsUnderRandom(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        assertHolds("random", seed);
    }

    @Property(tries = 200)
    void fixedHoldsUnderSwarm(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        assertHolds("swarm", seed);
    }

    @Provide
    Arbitrary<CustomPlan> documentedWorldPlans() {
        return Combinators.combine(
                        DorisArbitraries.scenarioFaults(),
                        DorisArbitraries.kernelFaults(),
                        DorisArbitraries.workloads(),
                        DorisArbitraries.links())
                .as((own, kernel, moves, link) -> new CustomPlan(
                        "documented-world-property.json", Plans.DOCUMENTED, link, kernel.merge(own), moves));
    }

    @Property(tries = 200)
    void generatedEpisodesStayInsideTheWindowWithTheirEnds(@ForAll("documentedWorldPlans") CustomPlan plan) {
        java.util.List<shardsim.core.fault.TimedFault> faults = plan.faults().faults();
        for (int i = 0; i < faults.size(); i++) {
            shardsim.core.fault.TimedFault tf = faults.get(i);
            Assertions.assertTrue(
                    tf.atMicros() >= DorisArbitraries.faultWindowStartMicros()
                            && tf.atMicros() < DorisArbitraries.faultWindowEndMicros(),
                    tf::toString);
            if (tf.fault() instanceof DorisFault.StallPool s) {
                Assertions.assertTrue(
                        tf.atMicros() + s.micros() < DorisArbitraries.faultWindowEndMicros(), tf::toString);
            }
            if (tf.fault().activityDelta() > 0) {
                boolean ended = false;
                for (int j = i + 1; j < faults.size() && !ended; j++) {
                    ended = faults.get(j).fault().ends(tf.fault());
                }
                Assertions.assertTrue(ended, () -> "no end after " + tf + " in " + faults);
            }
        }
        for (shardsim.core.workload.TimedOperation op : plan.workload().operations()) {
            Assertions.assertTrue(op.atMicros() < DorisArbitraries.faultWindowEndMicros(), op::toString);
        }
    }
}
