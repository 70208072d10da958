package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * The mutation sweep's judges ({@link FixedSweepMutationTest}, which only PIT runs) can fail, and
 * do not fail without a mutant: its checks judge finds the buggy mode of every scenario within the
 * first seeds (the published smallest failing random seeds are 0, 2 and a few), every judge passes
 * a few fixed seeds, and the vacuity guard's floor has a margin. Kept apart from the mutation test so that PIT never counts a kill by it.
 */
class FixedSweepSanityTest {
    @Test
    void theChecksJudgeCatchesEveryBuggyMode() {
        for (Scenario s : Scenarios.all()) {
            String failure =
                    FixedSweepMutationTest.firstFailure(s, Plans.BUGGY, FixedSweepMutationTest.Judge.CHECKS, 50);
            assertNotNull(failure, s.name() + ": buggy random seeds 0..49 all held");
            assertTrue(failure.contains("--mode buggy"), failure);
        }
    }

    /**
     * The vacuity guard's floor sits well below what the fixed mode gives: in every plan at least
     * 95% of the seeds make progress (the floor is 75%), so the guard does not fail an unmutated
     * model by chance; and a run that records nothing counts as no progress.
     */
    @Test
    void theVacuityGuardHasMargin() {
        int seeds = Integer.getInteger("shardsim.vacuity.seeds", 20);
        for (Scenario s : Scenarios.all()) {
            for (String plan : FixedSweepMutationTest.plans(s)) {
                int n = FixedSweepMutationTest.progressed(s, Plans.FIXED, plan, seeds);
                System.out.println("vacuity guard: " + s.name() + " fixed " + plan + " 0.." + (seeds - 1) + ": " + n
                        + " of " + seeds + " made progress");
                assertTrue(
                        n >= 0.95 * seeds && 0.95 > FixedSweepMutationTest.PROGRESS_SHARE_MIN,
                        s.name() + " " + plan + ": " + n + " of " + seeds);
            }
            RunResult nothing = new RunResult(
                    new RunSpec(s.name(), Plans.FIXED, Plans.RANDOM, 0),
                    true,
                    0,
                    0,
                    0,
                    0,
                    0,
                    List.of(),
                    Map.of(),
                    Map.of(),
                    List.of());
            assertFalse(FixedSweepMutationTest.madeProgress(s, nothing), s.name());
        }
    }

    /**
     * The probe guard does not fail an unmutated model by chance: in seeds 0..PROBE_SEEDS_MIN-1 of
     * every plan the guard judges (random, targeted), each declared probe is hit in at least 3 seeds (the guard asks for 1), and every
     * scenario declares some.
     */
    @Test
    void theProbesAreHitWithMargin() {
        int seeds = FixedSweepMutationTest.PROBE_SEEDS_MIN;
        for (Scenario s : Scenarios.all()) {
            assertFalse(s.probeNames().isEmpty(), s.name());
            for (String plan : FixedSweepMutationTest.plans(s)) {
                if (!FixedSweepMutationTest.probeGuarded(plan)) {
                    continue;
                }
                Map<String, Integer> seedsHitting = new java.util.TreeMap<>();
                for (long seed = 0; seed < seeds; seed++) {
                    for (String probe : s.run(new RunSpec(s.name(), Plans.FIXED, plan, seed))
                            .probes()
                            .keySet()) {
                        seedsHitting.merge(probe, 1, Integer::sum);
                    }
                }
                System.out.println("probe guard: " + s.name() + " fixed " + plan + " 0.." + (seeds - 1)
                        + ": seeds hitting each probe " + seedsHitting);
                for (String probe : s.probeNames()) {
                    int n = seedsHitting.getOrDefault(probe, 0);
                    assertTrue(
                            n >= 3,
                            s.name() + " " + plan + ": probe " + probe + " hit in " + n + " of " + seeds + " seeds");
                }
            }
        }
    }

    @Test
    void everyJudgePassesTheFixedModes() {
        for (Scenario s : Scenarios.all()) {
            for (String mode : FixedSweepMutationTest.modes(s)) {
                for (FixedSweepMutationTest.Judge judge : FixedSweepMutationTest.Judge.values()) {
                    // Vacuity at the probe guard's seed count, so that the guard judges too.
                    int seeds =
                            judge == FixedSweepMutationTest.Judge.VACUITY ? FixedSweepMutationTest.PROBE_SEEDS_MIN : 10;
                    assertNull(
                            FixedSweepMutationTest.firstFailure(s, mode, judge, seeds),
                            s.name() + " " + mode + " " + judge);
                }
            }
        }
    }

    /**
     * The sweep judges only modes of the fix: each mode it sweeps besides {@code fixed} is one of the
     * scenario's, expects no break, and leaves open no invariant that {@code fixed} claims.
     */
    @Test
    void theSweptModesClaimWhatTheFixClaims() {
        for (Scenario s : Scenarios.all()) {
            List<String> fixedClaims = s.claims().of(Plans.FIXED).claims();
            for (String mode : FixedSweepMutationTest.modes(s)) {
                assertTrue(s.modes().contains(mode), s.name() + " has no mode " + mode);
                shardsim.core.check.ModeClaims row = s.claims().of(mode);
                assertTrue(
                        row.ofKind(shardsim.core.check.Stance.Kind.EXPECTED_BREAK)
                                .isEmpty(),
                        s.name() + " " + mode + " expects a break");
                assertTrue(row.claims().containsAll(fixedClaims), s.name() + " " + mode + " claims less than fixed");
            }
        }
    }
}
