package shardsim.scenarios.splitstall.plan;

import java.util.LinkedHashMap;
import java.util.Map;
import shardsim.core.random.SimRandom;

/**
 * The workload and the scenario's own fault rates for a generated plan, fixed for {@code random}
 * and {@code targeted} and drawn from the seed for {@code swarm}.
 *
 * <p>{@code transferInSplitChance}, {@code transferInSplitMaxMicros} and {@code crashInSplitChance}
 * are the rates of the aiming split-stall did on its own before issue 20; aiming is now the
 * kernel's ({@code shardsim.core.aim}, recorded as the run parameter {@code aim}), and they stay
 * at zero in every plan, recorded only so that the digests of random and swarm runs do not move.
 *
 * @param regions how many regions each store holds
 * @param writeMeanMicros mean gap between writes to one region
 * @param writeMinBytes smallest write
 * @param writeMaxBytes largest write
 * @param transfersPerMinute leader transfers at random times
 * @param transferInSplitChance 0 (see above)
 * @param transferInSplitMaxMicros 1 s in random and targeted, 0 in swarm (see above)
 * @param crashInSplitChance 0 (see above)
 * @param slowFlushesPerMinute slow-flush faults
 * @param slowFlushMaxMicros most a slow flush adds
 * @param splitChecksPerMinute mean rate of the workload's split-checker picks in the fault window
 *     (3 in random and targeted; in swarm drawn last, so the draws before it keep their values)
 */
public record PlanParams(
        int regions,
        long writeMeanMicros,
        long writeMinBytes,
        long writeMaxBytes,
        double transfersPerMinute,
        double transferInSplitChance,
        long transferInSplitMaxMicros,
        double crashInSplitChance,
        double slowFlushesPerMinute,
        long slowFlushMaxMicros,
        double splitChecksPerMinute) {

    public static PlanParams random(SimRandom r) {
        return new PlanParams(
                (int) r.between(2, 4),
                r.between(300_000, 800_000),
                200_000,
                2_500_000,
                4,
                0,
                1_000_000,
                0,
                4,
                2_000_000,
                3);
    }

    public static PlanParams swarm(SimRandom r) {
        return new PlanParams(
                (int) r.between(1, 4),
                r.between(100_000, 1_500_000),
                r.between(10_000, 500_000),
                r.between(500_000, 4_000_000),
                r.chance(0.3) ? 0 : r.nextDouble() * 20,
                0,
                0,
                0,
                r.chance(0.3) ? 0 : r.nextDouble() * 12,
                r.between(100_000, 5_000_000),
                r.chance(0.3) ? 0 : r.nextDouble() * 6);
    }

    /** The figures, recorded as run parameters in this order. */
    Map<String, Object> params() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("regions", regions);
        out.put("write.meanMicros", writeMeanMicros);
        out.put("write.bytes", writeMinBytes + ".." + writeMaxBytes);
        out.put("transfersPerMinute", transfersPerMinute);
        out.put("transferInSplitChance", transferInSplitChance);
        out.put("transferInSplitMaxMicros", transferInSplitMaxMicros);
        out.put("crashInSplitChance", crashInSplitChance);
        out.put("slowFlushesPerMinute", slowFlushesPerMinute);
        out.put("slowFlushMaxMicros", slowFlushMaxMicros);
        out.put("splitChecksPerMinute", splitChecksPerMinute);
        return out;
    }
}
