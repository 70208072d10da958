package com.example.pdstale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import shardsim.core.check.Violation;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;

/**
 * Sweeps of the generated plans: the fixed mode holds on every seed, the buggy mode breaks P1 on
 * some and never P2. Seeds 0 to 199 by default; {@code -Dpd.sweepSeeds=1000} gives README's figures.
 */
class PdStaleLeaderSweepTest {
    private static final long SEEDS = Long.getLong("pd.sweepSeeds", 200);
    private final PdStaleLeaderScenario scenario = new PdStaleLeaderScenario();

    @ParameterizedTest
    @CsvSource({"buggy, random", "buggy, swarm", "fixed, random", "fixed, swarm"})
    void sweep(String mode, String plan) {
        int failing = 0;
        long smallest = -1;
        Map<String, Integer> byInvariant = new TreeMap<>();
        for (long seed = 0; seed < SEEDS; seed++) {
            RunResult r = scenario.run(new RunSpec(scenario.name(), mode, plan, seed));
            if (!r.ok()) {
                failing++;
                smallest = smallest < 0 ? seed : smallest;
                for (Violation v : r.violations()) {
                    byInvariant.merge(v.invariant(), 1, Integer::sum);
                }
            }
        }
        System.out.println("pd-stale-leader " + mode + " " + plan + " seeds 0.." + (SEEDS - 1) + ": " + failing + " failing, smallest " + smallest + ", " + byInvariant);
        if (mode.equals("fixed")) {
            assertEquals(0, failing, byInvariant.toString());
        } else {
            assertTrue(failing > 0 && !byInvariant.containsKey("P2"), failing + " failing: " + byInvariant);
        }
    }
}
