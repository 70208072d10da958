package shardsim.testkit.arbitraries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.TimedFault;
import shardsim.core.shrink.PlanElement;
import shardsim.core.shrink.PlanElements;
import shardsim.core.workload.Workload;

class FaultArbitrariesProperties {
    private static final FaultArbitraries.Window WINDOW = new FaultArbitraries.Window(1_000_000, 20_000_000, 5_000_000);
    private static final List<String> NODES = List.of("a", "b", "c");

    @Provide
    Arbitrary<FaultPlan> plans() {
        return FaultArbitraries.kernelPlans(NODES, List.of("b", "c"), WINDOW, 8);
    }

    /** Every lasting fault comes with its end, inside the window, so the shrinker can pair them. */
    @Property(tries = 300)
    void lastingFaultsArePairedInsideTheWindow(@ForAll("plans") FaultPlan plan) {
        for (TimedFault f : plan.faults()) {
            assertTrue(
                    f.atMicros() >= WINDOW.startMicros() && f.atMicros() < WINDOW.endMicros(),
                    "outside the window: " + f);
        }
        for (PlanElement e : PlanElements.faults(plan)) {
            List<TimedFault> unit = ((PlanElement.Faults) e).faults();
            if (unit.get(0).fault().activityDelta() > 0) {
                assertEquals(2, unit.size(), "unpaired " + unit);
                assertEquals(
                        0,
                        unit.get(0).fault().activityDelta()
                                + unit.get(1).fault().activityDelta());
            } else {
                assertEquals(1, unit.size());
                assertEquals(0, unit.get(0).fault().activityDelta(), "an end without its start: " + unit);
            }
        }
    }

    @Provide
    Arbitrary<Workload> workloads() {
        record Tick(int n) implements shardsim.core.workload.Operation {}
        return WorkloadArbitraries.workloads(
                net.jqwik.api.Arbitraries.integers().between(0, 9).map(Tick::new), 0, 1_000_000, 20);
    }

    /** (The order needs no check: a Workload sorts itself.) */
    @Property(tries = 100)
    void workloadsStayInTheirWindowAndSize(@ForAll("workloads") Workload w) {
        assertTrue(w.size() <= 20);
        for (var op : w.operations()) {
            assertTrue(op.atMicros() >= 0 && op.atMicros() < 1_000_000, op::toString);
        }
    }
}
