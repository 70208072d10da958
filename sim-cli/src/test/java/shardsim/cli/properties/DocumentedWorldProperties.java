package shardsim.cli.properties;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;
import shardsim.scenarios.dropafterclone.plan.DorisArbitraries;
import shardsim.scenarios.splitstall.SplitStallScenario;
import shardsim.scenarios.splitstall.plan.SplitArbitraries;
import shardsim.scenarios.versionskew.VersionSkewScenario;
import shardsim.scenarios.versionskew.plan.SkewArbitraries;
import shardsim.testkit.Replay;
import shardsim.testkit.arbitraries.PlanArbitraries;

/**
 * Each scenario's fixed mode holds in its documented world under any plan the arbitraries build
 * (kernel and scenario faults, a workload, a tame or mildly lossy link), for any seed. When one
 * does not, jqwik shrinks the plan and the seed, and the failure names the {@code sim run}
 * command that replays the shrunk case. The buggy mode is expected to fail the same way, with a
 * handful of faults and operations after shrinking ({@link ExpectFailure} checks that).
 */
class DocumentedWorldProperties {
    private static final Scenario VERSION_SKEW = new VersionSkewScenario();
    private static final Scenario DROP_AFTER_CLONE = new DropAfterCloneScenario();
    private static final Scenario SPLIT_STALL = new SplitStallScenario();

    /** Every check holds, apart from the gaps upstream's fix leaves (the scenario's residual gaps), which may fire. */
    private static void holds(Scenario scenario, String mode, long seed, CustomPlan plan) {
        Replay.assertHolds(scenario, mode, seed, plan);
    }

    @Provide
    Arbitrary<CustomPlan> versionSkewPlans() {
        return PlanArbitraries.plans(
                Plans.DOCUMENTED, SkewArbitraries.links(), SkewArbitraries.faults(), SkewArbitraries.workloads());
    }

    @Provide
    Arbitrary<CustomPlan> dropAfterClonePlans() {
        return PlanArbitraries.plans(
                Plans.DOCUMENTED,
                DorisArbitraries.links(),
                Combinators.combine(DorisArbitraries.scenarioFaults(), DorisArbitraries.kernelFaults())
                        .as((a, b) -> a.merge(b)),
                DorisArbitraries.workloads());
    }

    @Provide
    Arbitrary<CustomPlan> splitStallPlans() {
        LinkPolicy reliable = LinkPolicy.reliable();
        return PlanArbitraries.plans(
                Plans.DOCUMENTED,
                Arbitraries.of(reliable, reliable.withLoss(0.01).withDuplication(0.01)),
                Combinators.combine(SplitArbitraries.scenarioFaults(), SplitArbitraries.kernelFaults())
                        .as((a, b) -> a.merge(b)),
                SplitArbitraries.workloads());
    }

    @Property(tries = 100)
    void splitStallFixedHolds(@ForAll long seed, @ForAll("splitStallPlans") CustomPlan plan) {
        holds(SPLIT_STALL, Plans.FIXED, seed, plan);
    }

    @Property(tries = 100)
    void versionSkewFixedHolds(@ForAll long seed, @ForAll("versionSkewPlans") CustomPlan plan) {
        holds(VERSION_SKEW, Plans.FIXED, seed, plan);
    }

    @Property(tries = 100)
    void dropAfterCloneFixedHolds(@ForAll long seed, @ForAll("dropAfterClonePlans") CustomPlan plan) {
        holds(DROP_AFTER_CLONE, Plans.FIXED, seed, plan);
    }

    /** The same property over version-skew's buggy mode: it must fail, and shrink to a handful of faults. */
    @Property(tries = 1000, seed = "20261129")
    @AddLifecycleHook(ExpectFailure.class)
    void versionSkewBuggyFailsWithAShrunkPlan(@ForAll long seed, @ForAll("versionSkewPlans") CustomPlan plan) {
        holds(VERSION_SKEW, Plans.BUGGY, seed, plan);
    }
}
