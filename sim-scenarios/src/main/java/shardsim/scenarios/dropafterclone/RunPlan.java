package shardsim.scenarios.dropafterclone;

import java.util.List;
import shardsim.core.fault.FaultIntensity;
import shardsim.core.fault.FaultPlan;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.workload.Workload;

/**
 * What one run does, as data: the world of its base plan, the link policy, the faults and the
 * workload. Built-in plans draw (or script) all four from the seed; a custom plan brings its own
 * link, faults and, optionally, workload, and borrows the rest from its base. Every run is this,
 * injected and performed the same way, so a built-in run and its plan given back as data are the
 * same run.
 *
 * @param base the built-in plan whose world this is
 * @param profile the link policy and the intensities the kernel faults were drawn at
 */
record RunPlan(String base, DorisWorld world, ChaosProfile profile, FaultPlan faults, Workload workload) {

    static RunPlan of(RunSpec spec, List<String> plans) {
        CustomPlan custom = spec.custom();
        String base = custom == null ? spec.plan() : custom.base();
        Plans.require(custom == null ? "plan" : "base plan", base, plans);
        long seed = spec.seed();
        DorisWorld world;
        ChaosProfile profile;
        FaultPlan faults;
        Workload drawn;
        if (Plans.DOCUMENTED.equals(base)) {
            world = DocumentedPlan.world();
            drawn = DocumentedPlan.workload();
            profile = custom != null ? ChaosProfile.of(custom) : new ChaosProfile(DocumentedPlan.link(), FaultIntensity.none());
            faults = custom != null ? custom.faults() : DocumentedPlan.faults();
        } else {
            GeneratedPlan.Drawn d = GeneratedPlan.draw(seed);
            world = d.world();
            drawn = d.moves();
            profile = custom != null ? ChaosProfile.of(custom) : ChaosProfile.forPlan(base, new SimRandom(seed).fork("chaos"));
            faults = custom != null ? custom.faults() : GeneratedPlan.faults(seed, world, profile, Plans.SWARM.equals(base));
        }
        Workload workload = custom != null && custom.hasWorkload() ? custom.workload() : drawn;
        return new RunPlan(base, world, profile, faults, workload);
    }

    CustomPlan asCustom(String source) {
        return new CustomPlan(source, base, profile.link(), faults, workload);
    }
}
