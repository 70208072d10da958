package shardsim.core.scenario;

import shardsim.core.fault.FaultPlan;
import shardsim.core.net.LinkPolicy;

/**
 * A plan given as data (a plan file) instead of by name: the default link policy and every fault,
 * with nothing generated. The workload still follows from the seed.
 *
 * @param source where the plan came from (a file path), for the reproduce command
 * @param link the default link policy
 * @param faults the faults, in time order
 */
public record CustomPlan(String source, LinkPolicy link, FaultPlan faults) {
    public CustomPlan {
        if (source == null || link == null || faults == null) {
            throw new IllegalArgumentException("a custom plan needs a source, a link policy and faults");
        }
    }
}
