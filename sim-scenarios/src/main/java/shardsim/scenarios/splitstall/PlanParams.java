package shardsim.scenarios.splitstall;

import java.util.LinkedHashMap;
import java.util.Map;
import shardsim.core.random.SimRandom;

/**
 * The workload and the scenario's own fault rates for a generated plan, fixed for {@code random}
 * and {@code targeted} and drawn from the seed for {@code swarm}. Only {@code targeted} aims faults
 * at splits as they start; the others leave the aiming chances at zero, so that each of their
 * faults is drawn independently of what the system is doing.
 *
 * @param regions how many regions each store holds
 * @param writeMeanMicros mean gap between writes to one region
 * @param writeMinBytes smallest write
 * @param writeMaxBytes largest write
 * @param transfersPerMinute leader transfers at random times
 * @param transferInSplitChance chance that a starting split gets a leader transfer inside its pre-split window
 * @param transferInSplitMaxMicros latest such a transfer (or crash) comes after the split starts
 * @param crashInSplitChance chance that a starting split sees a store crash (and restart) inside its pre-split window
 * @param slowFlushesPerMinute slow-flush faults
 * @param slowFlushMaxMicros most a slow flush adds
 */
record PlanParams(
        int regions,
        long writeMeanMicros,
        long writeMinBytes,
        long writeMaxBytes,
        double transfersPerMinute,
        double transferInSplitChance,
        long transferInSplitMaxMicros,
        double crashInSplitChance,
        double slowFlushesPerMinute,
        long slowFlushMaxMicros) {

    static PlanParams random(SimRandom r, boolean targeted) {
        return new PlanParams((int) r.between(2, 4), r.between(300_000, 800_000), 200_000, 2_500_000, 4, targeted ? 0.5 : 0, 1_000_000,
                targeted ? 0.2 : 0, 4, 2_000_000);
    }

    static PlanParams swarm(SimRandom r) {
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
                r.between(100_000, 5_000_000));
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
        return out;
    }
}
