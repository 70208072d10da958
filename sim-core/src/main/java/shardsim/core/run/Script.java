package shardsim.core.run;

import shardsim.core.fault.FaultPlan;
import shardsim.core.net.LinkPolicy;
import shardsim.core.workload.Workload;

/**
 * A bug report's timeline as data: the {@code documented} plan's link policy, faults and workload,
 * in the documented world.
 */
public record Script(LinkPolicy link, FaultPlan faults, Workload workload) {
    public Script {
        if (link == null || faults == null || workload == null) {
            throw new IllegalArgumentException("a script needs a link policy, faults and a workload");
        }
    }
}
