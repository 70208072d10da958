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
 * @param modes the nodes or roles that start on another mode's code than the run's, by name
 *     (sorted; a node's entry beats its role's), as a plan file's {@code "modes"}; empty for none
 */
public record CustomPlan(
        String source,
        String base,
        LinkPolicy link,
        FaultPlan faults,
        Workload workload,
        java.util.SortedMap<String, String> modes) {
    public CustomPlan {
        if (source == null || base == null || link == null || faults == null) {
            throw new IllegalArgumentException("a custom plan needs a source, a base plan, a link policy and faults");
        }
        if (base.equals(source)) {
            throw new IllegalArgumentException("a custom plan's base must be a built-in plan, not the plan itself");
        }
        modes = NodeModes.copy(modes);
    }

    /** A plan whose nodes all start on the run's mode. */
    public CustomPlan(String source, String base, LinkPolicy link, FaultPlan faults, Workload workload) {
        this(source, base, link, faults, workload, NodeModes.NONE);
    }

    /** A plan of faults only, in the world of the {@code random} plan, its workload drawn from the seed. */
    public CustomPlan(String source, LinkPolicy link, FaultPlan faults) {
        this(source, Plans.RANDOM, link, faults, null);
    }

    /** Whether the plan lists its workload (otherwise it is drawn from the seed, as {@link #base} would). */
    public boolean hasWorkload() {
        return workload != null;
    }

    /** How many operations the plan lists (0 when its workload is drawn from the seed). */
    public int operationCount() {
        return workload == null ? 0 : workload.size();
    }

    /** This plan, named by {@code newSource}. */
    public CustomPlan withSource(String newSource) {
        return new CustomPlan(newSource, base, link, faults, workload, modes);
    }

    /** This plan with the default link {@code newLink}. */
    public CustomPlan withLink(LinkPolicy newLink) {
        return new CustomPlan(source, base, newLink, faults, workload, modes);
    }

    /** This plan with the faults {@code newFaults} instead of its own. */
    public CustomPlan withFaults(FaultPlan newFaults) {
        return new CustomPlan(source, base, link, newFaults, workload, modes);
    }

    /** This plan with the workload {@code newWorkload} (null: drawn from the seed). */
    public CustomPlan withWorkload(Workload newWorkload) {
        return new CustomPlan(source, base, link, faults, newWorkload, modes);
    }

    /** This plan with nodes or roles starting on their own modes ({@link #modes}). */
    public CustomPlan withModes(java.util.Map<String, String> newModes) {
        return new CustomPlan(source, base, link, faults, workload, NodeModes.copy(newModes));
    }
}
