package shardsim.scenarios.splitstall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.scenario.DeterminismCheck;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.TraceDiff;

public class SplitStallScenarioTest {
    /** Computed by this code (buggy, documented, seed 1) and committed; a change to the model changes it. */
    public static final String GOLDEN_DOCUMENTED_BUGGY = "9688bb58c3430108";
    /** The smallest seed in 0..999 that fails in buggy mode under the random plan, found with ./sim sweep. */
    static final long SMALLEST_FAILING_BUGGY_RANDOM = 0;
    /** A fixed random seed that shows the fix's gap (found by sweeping fixed random from 0: 22 is the first U3). */
    static final long FIXED_GAP_RANDOM = 22;

    private final SplitStallScenario scenario = new SplitStallScenario();

    private RunResult run(String mode, String plan, long seed) {
        return scenario.run(new RunSpec(scenario.name(), mode, plan, seed));
    }

    private static List<String> invariants(RunResult r) {
        return r.violations().stream().map(Violation::invariant).toList();
    }

    @Test
    void documentedBuggyViolatesU1AndU3WithTheSameDigestEveryRun() {
        RunResult first = run("buggy", "documented", 1);
        for (int i = 0; i < 3; i++) {
            RunResult r = i == 0 ? first : run("buggy", "documented", 1);
            assertFalse(r.ok());
            assertTrue(invariants(r).contains("U1"), "U1 expected, got " + invariants(r));
            assertTrue(invariants(r).contains("U3"), "U3 expected, got " + invariants(r));
            assertEquals(first.digest(), r.digest(), "run " + i + " differs");
        }
        assertEquals(GOLDEN_DOCUMENTED_BUGGY, first.digestHex());
        assertEquals("U5", first.violations().get(0).invariant(), "the recovery takes the worker in PRE_SPLIT first");
        Violation u1 = first.violations().get(1);
        assertEquals("U1", u1.invariant());
        assertTrue(u1.message().startsWith("store-3/region-worker: 'recover split 150:48"), u1.message());
        assertTrue(
                u1.message().contains("apply change set flush shard 150:48 stage PRE_SPLIT_FLUSH_DONE"), u1.message());
    }

    @Test
    void documentedBuggyFailsWhateverTheSeed() {
        for (long seed = 0; seed < 5; seed++) {
            assertTrue(invariants(run("buggy", "documented", seed)).contains("U1"), "seed " + seed);
        }
    }

    /**
     * U14 judges a take-over only when the new leader has had half of U3's window to recover: in fixed
     * swarm seed 13743 store-3 takes region 150 over 0.7 s before the end, recovers at once and is
     * proposing the finish when the run ends (the 100,000-seed swarm sweep found it; U14 broke there
     * before the bound). The split stays unfinished, which U3, the fix's known gap, still reports.
     */
    @Test
    void aTakeOverJustBeforeTheEndIsNotJudgedByU14() {
        RunResult r = run("fixed", "swarm", 13743);
        assertEquals(List.of("U3"), invariants(r), r.violations()::toString);
        assertTrue(
                r.violations().get(0).message().startsWith("split of region 150 at epoch 51"),
                r.violations()::toString);
    }

    @Test
    void documentedFixedFinishesTheSplit() {
        RunResult r = run("fixed", "documented", 1);
        assertTrue(r.ok(), () -> "violations: " + r.violations());
        assertEquals(
                2,
                r.metrics().get("split-duration").length,
                "region 150's split finishes, and so does the one store-3's check at 24.880 starts");
    }

    @Test
    void documentedWithoutDelayedRecoveryStillStalls() {
        assertTrue(invariants(run("fixed-no-delay", "documented", 1)).contains("U1"));
    }

    @Test
    void smallestFailingBuggySeedStillFails() {
        RunResult r = run("buggy", "random", SMALLEST_FAILING_BUGGY_RANDOM);
        assertFalse(r.ok());
        for (long seed = 0; seed < SMALLEST_FAILING_BUGGY_RANDOM; seed++) {
            assertTrue(run("buggy", "random", seed).ok(), "seed " + seed + " was expected to pass");
        }
        assertTrue(run("fixed", "random", SMALLEST_FAILING_BUGGY_RANDOM).ok(), "the fix holds on the same seed");
    }

    /**
     * The fix's gap, as upstream's code has it (random seed 22): store-2 proposes region 151's PRE_SPLIT
     * at term 1 and a leader transfer makes store-3 leader at term 2 before it commits. store-3's
     * OnRoleChanged sees the meta still INITIAL, so it starts no recovery; its no-op then commits the
     * PRE_SPLIT, which it applies and flushes; store-2's split checker gets as far as splitShardFiles and
     * fails "not leader"; nothing else calls splitShardFiles (worker.go:240, :581 at 3522d5f), so the split
     * waits in PRE_SPLIT_FLUSH_DONE for a leader change that does not come. Only U3, a declared gap, breaks.
     */
    @Test
    void aPreSplitCommittedAfterTheRoleChangeIsNeverRecovered() {
        shardsim.core.trace.Trace trace = shardsim.core.trace.Trace.full();
        RunResult r = scenario.run(new RunSpec(scenario.name(), "fixed", "random", FIXED_GAP_RANDOM), trace);
        assertEquals(List.of("U3"), invariants(r), () -> "violations: " + r.violations());
        assertTrue(
                r.violations().get(0).message().startsWith("split of region 151 at epoch 14"),
                r.violations().get(0).message());
        var events = trace.events();
        long leaderAt = events.stream()
                .filter(e -> e.actor().equals("store-3") && e.detail().equals("151 became leader at term 2"))
                .mapToLong(shardsim.core.trace.TraceEvent::timeMicros)
                .findFirst()
                .orElseThrow();
        long preSplitAt = events.stream()
                .filter(e ->
                        e.actor().equals("store-3") && e.detail().contains("shardVer:14 pre-split stage:PRE_SPLIT"))
                .mapToLong(shardsim.core.trace.TraceEvent::timeMicros)
                .findFirst()
                .orElseThrow();
        assertTrue(leaderAt < preSplitAt, "store-3 leads before the PRE_SPLIT commits");
        assertTrue(events.stream()
                .anyMatch(e -> e.actor().equals("store-2")
                        && e.detail().equals("shard 151:14 failed to split files err: region 151 is not leader")));
        assertTrue(events.stream()
                .noneMatch(e -> e.detail().contains("151:14 watch to recover split")
                        || e.detail().contains("151:14 recover split")));
        assertTrue(events.stream()
                .anyMatch(e -> e.actor().equals("store-3")
                        && e.detail().equals("shard 151:14 set split stage PRE_SPLIT_FLUSH_DONE")));
    }

    /**
     * Seeds that once broke the fixed mode through model bugs: a stale candidate starving elections
     * (random 3717), recovery dropped while the engine lagged an epoch (random 298), stacked slow
     * flushes (swarm 9636), a lagging peer deposing a live leader (swarm 37034), one-entry back-off
     * under loss (swarm 12251), a follower that lost heartbeats raising the term without a pre-vote
     * (swarm 12247, 17911, 42186, 54221, 58781).
     */
    @Test
    void fixedHoldsOnSeedsThatExposedModelBugs() {
        String[][] cases = {
            {"random", "298"},
            {"random", "3717"},
            {"swarm", "9636"},
            {"swarm", "12251"},
            {"swarm", "37034"},
            {"swarm", "12247"},
            {"swarm", "17911"},
            {"swarm", "42186"},
            {"swarm", "54221"},
            {"swarm", "58781"}
        };
        for (String[] c : cases) {
            RunResult r = run("fixed", c[0], Long.parseLong(c[1]));
            assertTrue(r.holdsApartFrom(scenario.residualGaps()), () -> c[0] + " " + c[1] + ": " + r.violations());
        }
    }

    @Test
    void runsAreDeterministic() {
        String[][] cases = {
            {"fixed", "random", "3"},
            {"buggy", "random", "0"},
            {"fixed", "swarm", "5"},
            {"buggy", "documented", "1"},
            {"fixed-no-reflush", "swarm", "3"}
        };
        for (String[] c : cases) {
            Optional<TraceDiff.Difference> diff =
                    DeterminismCheck.check(scenario, new RunSpec(scenario.name(), c[0], c[1], Long.parseLong(c[2])));
            assertTrue(diff.isEmpty(), () -> String.join(" ", c) + ": " + diff.get());
        }
    }

    @Test
    void contract() {
        assertEquals("split-stall", scenario.name());
        assertEquals(List.of("buggy", "fixed", "fixed-no-delay", "fixed-no-reflush"), scenario.modes());
        assertEquals(List.of("documented", "random", "targeted", "swarm"), scenario.plans());
        assertEquals(
                List.of("U1", "U2", "U3", "U5", "U6", "U7", "U8", "U9", "U10", "U11", "U12", "U13", "U14"),
                scenario.invariantNames());
        assertEquals(
                List.of("U3", "U7"),
                scenario.residualGaps().stream()
                        .map(shardsim.core.check.Rule::name)
                        .toList());
        assertThrows(IllegalArgumentException.class, () -> run("sideways", "random", 1));
        assertThrows(IllegalArgumentException.class, () -> run("fixed", "scripted", 1));
    }
}
