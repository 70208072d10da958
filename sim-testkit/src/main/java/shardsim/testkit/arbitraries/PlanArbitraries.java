package shardsim.testkit.arbitraries;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import shardsim.core.fault.FaultPlan;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.workload.Workload;

/** Whole custom plans: a link policy, faults and a workload, in the world of a built-in plan. */
public final class PlanArbitraries {
    /** The source name generated plans carry until a property writes one to a file. */
    public static final String SOURCE = "jqwik-plan.json";

    private PlanArbitraries() {}

    /**
     * Link policies from reliable to mildly lossy: loss and duplication up to {@code maxLoss},
     * uniform delays up to {@code maxDelayMicros}. Shrinks toward no loss and short delays.
     */
    public static Arbitrary<LinkPolicy> links(double maxLoss, long maxDelayMicros) {
        Arbitrary<Double> p = Arbitraries.doubles().between(0, maxLoss).ofScale(3);
        Arbitrary<Long> min = Arbitraries.longs().between(100, Math.max(100, maxDelayMicros / 10));
        Arbitrary<Long> spread = Arbitraries.longs().between(0, maxDelayMicros);
        return Combinators.combine(p, p, min, spread)
                .as((loss, dup, lo, s) -> new LinkPolicy(
                        loss,
                        dup,
                        new Delay.Uniform(lo, Math.min(maxDelayMicros, lo + s)),
                        LinkPolicy.DEFAULT_CAPACITY));
    }

    /** Custom plans in the world of {@code base} from these links, fault plans and workloads. */
    public static Arbitrary<CustomPlan> plans(
            String base, Arbitrary<LinkPolicy> links, Arbitrary<FaultPlan> faults, Arbitrary<Workload> workloads) {
        return Combinators.combine(links, faults, workloads).as((l, f, w) -> new CustomPlan(SOURCE, base, l, f, w));
    }
}
