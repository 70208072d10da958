package shardsim.scenarios.splitstall.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.random.SimRandom;
import shardsim.core.run.World;
import shardsim.core.scenario.Plans;

/**
 * What a run draws from its seed (or fixes, for {@code documented}) that is neither a fault nor a
 * workload operation: the regions as bootstrapped, the stores' timings, the generated plan's rates
 * and the run's end. A plan given as data runs in the world of its base plan, so its faults and
 * operations name the same regions.
 *
 * @param regions the regions every store holds a peer of
 * @param storeConfig the stores' timings and sizes
 * @param plan the generated plan's workload and fault rates; null for {@code documented}
 * @param endMicros the run ends here
 */
public record SplitWorld(List<RegionSpec> regions, StoreConfig storeConfig, PlanParams plan, long endMicros)
        implements World {
    private static final long[] REGION_IDS = {150, 151, 152, 153};
    private static final long[] REGION_VERS = {48, 12, 30, 7};

    public SplitWorld {
        regions = List.copyOf(regions);
    }

    /** The report's three regions, with the log's flush times and only the scripted split checks. */
    public static SplitWorld documented() {
        return new SplitWorld(DocumentedPlan.regions(), DocumentedPlan.storeConfig(), null, DocumentedPlan.END_MICROS);
    }

    /** A generated plan's world: its rates from the fork "plan", then its regions from "regions". */
    public static SplitWorld generated(String base, long seed) {
        SimRandom root = new SimRandom(seed);
        SimRandom planRandom = root.fork("plan");
        PlanParams params = Plans.SWARM.equals(base) ? PlanParams.swarm(planRandom) : PlanParams.random(planRandom);
        SimRandom r = root.fork("regions");
        List<RegionSpec> regions = new ArrayList<>();
        for (int i = 0; i < params.regions(); i++) {
            regions.add(new RegionSpec(
                    REGION_IDS[i],
                    REGION_VERS[i],
                    r.between(1, 6),
                    r.pick(PlanTimes.STORES),
                    r.between(2_000_000, 15_000_000)));
        }
        return new SplitWorld(regions, StoreConfig.defaults(), params, PlanTimes.RANDOM_END_MICROS);
    }

    /** The three stores, each a peer of every region; any of them may crash. */
    @Override
    public List<String> nodes() {
        return PlanTimes.STORES;
    }

    /** One role, {@value #ROLE}: unistore has one kind of process, and every store runs the whole fix. */
    @Override
    public Map<String, List<String>> roles() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        out.put(ROLE, PlanTimes.STORES);
        return out;
    }

    /** The name of the world's one role. */
    public static final String ROLE = "store";

    public List<Long> regionIds() {
        List<Long> out = new ArrayList<>();
        for (RegionSpec r : regions) {
            out.add(r.regionId());
        }
        return out;
    }

    /** The generated plan's rates, then each region as bootstrapped. */
    @Override
    public Map<String, Object> params() {
        Map<String, Object> out = new LinkedHashMap<>();
        if (plan != null) {
            out.putAll(plan.params());
        }
        for (RegionSpec r : regions) {
            out.put(
                    "region." + r.regionId(),
                    "ver " + r.shardVer() + " term " + r.term() + " leader " + r.leader() + " size " + r.sizeBytes());
        }
        return out;
    }
}
