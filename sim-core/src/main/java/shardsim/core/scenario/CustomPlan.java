package shardsim.core.scenario;

import shardsim.core.fault.FaultPlan;
import shardsim.core.net.LinkPolicy;
import shardsim.core.workload.Workload;

/**
 * A plan given as data (a plan file, or a plan a shrinker cut down) instead of by name: the
 * default link policy, every fault and, optionally, every workload operation, with nothing
 * generated. The world the plan runs in (how many nodes, shards or regions, service times) is
 * still drawn from the seed, the way the built-in plan {@code base} draws it.
 *
 * @param source where the plan came from (a file path), for the reproduce command
 * @param base the built-in plan whose world the plan runs in: "random" (the default), "swarm" or "documented"
 * @param link the default link policy
 * @param faults the faults, in time order
 * @param workload the operations, in time order; null to draw them from the seed as {@code base} would
 */
public record CustomPlan(String source, String base, LinkPolicy link, FaultPlan faults, Workload workload) {
    public CustomPlan {
        if (source == null || base == null || link == null || faults == null) {
            throw new IllegalArgumentException("a custom plan needs a source, a base plan, a link policy and faults");
        }
        if (base.equals(source)) {
            throw new IllegalArgumentException("a custom plan's base must be a built-in plan, not the plan itself");
        }
    }

    /** A plan of faults only, in the world of the {@code random} plan, its workload drawn from the seed. */
    public CustomPlan(String source, LinkPolicy link, FaultPlan faults) {
        this(source, Plans.RANDOM, link, faults, null);
    }

    public boolean hasWorkload() {
        return workload != null;
    }

    /** How many operations the plan lists (0 when its workload is drawn from the seed). */
    public int operationCount() {
        return workload == null ? 0 : workload.size();
    }

    public CustomPlan withSource(String newSource) {
        return new CustomPlan(newSource, base, link, faults, workload);
    }

    public CustomPlan withLink(LinkPolicy newLink) {
        return new CustomPlan(source, base, newLink, faults, workload);
    }

    public CustomPlan withFaults(FaultPlan newFaults) {
        return new CustomPlan(source, base, link, newFaults, workload);
    }

    public CustomPlan withWorkload(Workload newWorkload) {
        return new CustomPlan(source, base, link, faults, newWorkload);
    }
}
