package shardsim.scenarios.versionskew.plan;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.TimedFault;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;

/** The generators keep their promises: faults inside the window, every end after a start it ends. */
class VersionSkewArbitrariesProperties {
    @Property(tries = 200)
    void faultsStayInsideTheWindowAndPaired(@ForAll("faults") FaultPlan plan) {
        List<TimedFault> faults = plan.faults();
        for (int i = 0; i < faults.size(); i++) {
            TimedFault f = faults.get(i);
            assertTrue(
                    f.atMicros() >= SkewArbitraries.faultWindowStartMicros()
                            && f.atMicros() <= SkewArbitraries.faultWindowEndMicros(),
                    f.toString());
            Fault end = f.fault();
            if (end.activityDelta() < 0) {
                boolean found = false;
                for (int j = 0; j < i && !found; j++) {
                    found = end.ends(faults.get(j).fault());
                }
                assertTrue(found, end + " ends no earlier start in " + plan);
            }
        }
    }

    @Property(tries = 200)
    void requestsNameTheDocumentedShards(@ForAll("workloads") Workload workload) {
        for (TimedOperation op : workload.operations()) {
            SkewOperation o = (SkewOperation) op.operation();
            assertTrue(SkewArbitraries.shardIds().contains(o.shardId()), o.toString());
            assertTrue(op.atMicros() < SkewArbitraries.faultWindowEndMicros(), op.toString());
        }
    }

    @Provide
    Arbitrary<FaultPlan> faults() {
        return SkewArbitraries.faults();
    }

    @Provide
    Arbitrary<Workload> workloads() {
        return SkewArbitraries.workloads();
    }
}
