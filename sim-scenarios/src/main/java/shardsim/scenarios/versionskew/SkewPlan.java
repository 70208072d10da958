package shardsim.scenarios.versionskew;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.FaultPlanGenerator;
import shardsim.core.net.LinkPolicy;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.workload.Workload;

/**
 * Everything one run does, as data, before the run: the world, the default link, the faults and
 * the client's requests. Built-in plans draw them from the seed (or script them, for
 * {@code documented}); a custom plan gives its link and faults, and its requests unless it leaves
 * them to be drawn as its base plan would. Every run is this plan injected and performed, so a
 * plan written out by {@link #toCustom} and run again repeats the run.
 *
 * @param world the world of the run's (base) plan
 * @param link the default link policy
 * @param chaos the generated plan's intensities, recorded as parameters; null for {@code documented}
 * @param faults every fault to inject, kernel and scenario kinds, in time order
 * @param workload every client request, in time order
 * @param params figures drawn for the faults and requests, in the order drawn
 */
public record SkewPlan(World world, LinkPolicy link, ChaosProfile chaos, FaultPlan faults, Workload workload, Map<String, Object> params) {
    /** No generated fault starts before this: the cluster has booted. */
    static final long FAULTS_FROM_MICROS = 1_000_000;

    public SkewPlan {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** The plan of {@code spec}; a custom plan's base must be one of {@code plans}. */
    public static SkewPlan of(RunSpec spec, List<String> plans) {
        String base = spec.isCustom() ? spec.custom().base() : spec.plan();
        Plans.require("base plan", base, plans);
        World world = World.of(base, spec.seed());
        SimRandom root = new SimRandom(spec.seed());
        LinkedHashMap<String, Object> params = new LinkedHashMap<>();
        if (spec.isCustom()) {
            CustomPlan custom = spec.custom();
            params.put("base", base);
            params.put("customFaults", custom.faults().size());
            Workload workload = custom.workload();
            if (workload == null) {
                workload = drawWorkload(world, root, params);
            } else {
                params.put("customOperations", workload.size());
            }
            return new SkewPlan(world, custom.link(), ChaosProfile.of(custom), custom.faults(), workload, params);
        }
        if (Plans.DOCUMENTED.equals(base)) {
            return new SkewPlan(world, LinkPolicy.reliable(), null, DocumentedScript.faults(), DocumentedScript.workload(), params);
        }
        ChaosProfile chaos = ChaosProfile.forPlan(base, root.fork("chaos"));
        FaultPlan kernel = FaultPlanGenerator.generate(root.fork("faults"), world.nodeNames(), world.crashableNodes(),
                FAULTS_FROM_MICROS, world.tailStartMicros(), chaos.faults());
        FaultPlan own = SkewFaultPlan.generate(root.fork("skew-faults"), world.layout(), world.tailStartMicros(), Plans.SWARM.equals(base), params);
        params.put("kernelFaults", kernel.size());
        params.put("scenarioFaults", own.size());
        Workload workload = drawWorkload(world, root, params);
        return new SkewPlan(world, chaos.link(), chaos, kernel.merge(own), workload, params);
    }

    /** The requests {@code documented} scripts, or those a generated plan draws from the "workload" fork. */
    private static Workload drawWorkload(World world, SimRandom root, Map<String, Object> params) {
        if (Plans.DOCUMENTED.equals(world.base())) {
            return DocumentedScript.workload();
        }
        // The last request leaves a second for its procedure before the quiet tail.
        SkewWorkload.Drawn drawn = SkewWorkload.generate(root.fork("workload"), world.layout().shardIds(), world.tailStartMicros() - 1_000_000,
                Plans.SWARM.equals(world.base()));
        params.put("workload.meanGapMicros", drawn.meanGapMicros());
        params.put("workload.dropProbability", drawn.dropProbability());
        params.put("workload.operations", drawn.workload().size());
        return drawn.workload();
    }

    /** This plan as a custom plan named {@code source}, in the world of its base plan. */
    public CustomPlan toCustom(String source) {
        return new CustomPlan(source, world.base(), link, faults, workload);
    }
}
