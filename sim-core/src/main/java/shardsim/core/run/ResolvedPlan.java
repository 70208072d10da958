package shardsim.core.run;

import java.util.Map;
import shardsim.core.fault.FaultPlan;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.workload.Workload;

/**
 * Everything one run does, as data, before it starts: the world of its base plan, the link, the
 * faults and the workload. Every run is one of these injected and performed the same way, whether
 * a built-in plan drew it or a plan file gave it, which is why a run's plan written out as data
 * and run again repeats the run.
 *
 * @param base the built-in plan whose world this is
 * @param world the world
 * @param profile the default link and the intensities kernel faults were drawn at (intensities none for a plan given as data or scripted)
 * @param faults every fault, kernel and scenario kinds, in time order
 * @param workload every operation, in time order
 * @param params the figures drawn for the faults and the workload, in the order drawn
 */
public record ResolvedPlan<W extends World>(
        String base, W world, ChaosProfile profile, FaultPlan faults, Workload workload, Map<String, Object> params) {
    public ResolvedPlan {
        params = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
    }

    /** The run's default link policy (the profile's). */
    public LinkPolicy link() {
        return profile.link();
    }

    /** This plan as a plan file's contents named {@code source}, in the world of its base plan. */
    public CustomPlan asCustom(String source) {
        return new CustomPlan(source, base, link(), faults, workload);
    }
}
