package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.sim.RunBudget;

/**
 * The test PIT runs against each mutant of the scenarios' model classes ({@code scripts/mutation score},
 * README "Mutation score of the checks"): the fixed mode over seeds {@code 0..N-1} of each generated
 * plan the scenario has ({@code random}, and {@code targeted} where listed), stopping at the first
 * failing seed; then, the same way, the scenario's other modes of the fix ({@link #FIX_MODES}). A seed fails when a check broke (any violation but the scenario's residual gaps and
 * the kernel's run budget), or when the run did not end normally: it threw (the model's own
 * assertion, a null, an index) or ran out of the run budget (a livelock). Tagged {@code mutation},
 * so the default Surefire run leaves it out.
 *
 * <p>A sweep in which every seed held can still be vacuous: a model that does nothing breaks no
 * safety check. The vacuity guard ({@link #PROGRESS}) asks that enough of each plan's seeds did the
 * scenario's work, and that every code probe the scenario declares ({@link Scenario#probeNames()}: each
 * fault kind taking effect, each kind of work reaching the system) was hit in the sweep of each plan that draws every fault kind
 * ({@link #PROBE_SEEDS_MIN}): a mutant that stops applying a fault kind leaves the fix untested
 * against it.
 *
 * <p>Three methods per scenario judge the same sweep, so that PIT's full mutation matrix tells how a
 * mutant was killed: {@code ...Checks} fails when the first failing seed broke a check,
 * {@code ...Model} when it threw or exhausted the budget, {@code ...Vacuity} when no seed failed but
 * the sweep was vacuous. Each mutant is thus killed by exactly one of the three. Without a mutant all
 * hold: the fixed mode's published figures are 0 failing seeds of the fix's claims.
 *
 * <p>Cost: PIT runs the three methods against every mutant (fullMutationMatrix) in one minion JVM,
 * one after the other, so in PIT's mutation minions the first to run sweeps and leaves its outcome
 * for the other two ({@link #PENDING}). Each of them first re-runs seed 0 of each plan and takes the
 * outcome only if those runs are the ones the first saw (digest, violations, exception); otherwise it
 * sweeps itself. Everywhere else (Surefire, PIT's coverage minion, whose per-test coverage decides
 * which tests PIT runs against a mutant) every method sweeps, so all cover the same code and PIT
 * always runs them together.
 */
@Tag("mutation")
class FixedSweepMutationTest {
    static final int DEFAULT_SEEDS = 50;

    /**
     * Modes besides {@code fixed} that run the fix and claim what it claims, swept after it with the
     * same plans and seeds, each judged by its own row of the scenario's claim table (so a mode's gaps
     * stay gaps and nothing it claims may break). Version-skew's two retrying-client modes are the
     * fixed code with a client that sends a failed CREATE TABLE again, against meta at 81b8d68 and at
     * d880dd2 (#286): they claim every invariant the fix claims and expect no break (only C5 and C9
     * are gaps, as in {@code fixed}), so a mutant that breaks one of their claims breaks a claim of the
     * fix. They are here for reach: the client's retry and meta's create of a table whose metadata
     * is left run only in them. Ablations and {@code buggy} are not: they expect breaks. Named by
     * string, as the CLI names them; {@code FixedSweepSanityTest} checks that each is a mode of its
     * scenario with no expected break.
     */
    static final Map<String, List<String>> FIX_MODES =
            Map.of("version-skew", List.of("fixed-retry-81b8d68", "fixed-retry-d880dd2"));

    /** The modes the sweep judges, in order: {@code fixed}, then the scenario's {@link #FIX_MODES}. */
    static List<String> modes(Scenario s) {
        List<String> out = new ArrayList<>();
        out.add(Plans.FIXED);
        out.addAll(FIX_MODES.getOrDefault(s.name(), List.of()));
        return out;
    }

    /** Seeds per plan; {@code -Dshardsim.mutation.seeds=N} (PIT passes it to its minions through jvmArgs). */
    static int seeds() {
        return Integer.getInteger("shardsim.mutation.seeds", DEFAULT_SEEDS);
    }

    /**
     * The generated plans the sweep runs: {@code random}, then {@code targeted} and {@code swarm} where
     * the scenario has them. Swarm is there for reach, not aim: each of its seeds drops some fault
     * kinds and turns others up, which takes runs into code neither of the other two reaches in a
     * few hundred seeds (a shard re-opened after its node went away, a report that misses a copy).
     * The fixed mode's claim holds for all three: 0 failing seeds of 100,000 (README).
     */
    static List<String> plans(Scenario s) {
        List<String> out = new ArrayList<>();
        out.add(Plans.RANDOM);
        for (String plan : List.of(Plans.TARGETED, Plans.SWARM)) {
            if (s.plans().contains(plan)) {
                out.add(plan);
            }
        }
        return out;
    }

    enum Judge {
        /** The first failing seed broke a check of the scenario. */
        CHECKS,
        /** The first failing seed threw, or exhausted the run budget. */
        MODEL,
        /**
         * No seed failed, but the sweep was vacuous: too few of a plan's seeds made the progress
         * the scenario exists to exercise ({@link #PROGRESS}), so the checks had little to judge.
         */
        VACUITY
    }

    /**
     * The vacuity guard: per scenario, the metric a run records only when its work got done (a DDL
     * the client was told succeeded, a balance move whose clone finished, a split that finished).
     * Every plan of the sweep must have at least {@link #PROGRESS_SHARE_MIN} of its seeds record it.
     * The share is a floor well below what the unmutated model gives (every one of seeds 0..19 of
     * each plan; {@code FixedSweepSanityTest} prints it), so it holds at any seed count; a model or
     * driver that stops doing its work, or does it in fewer than three runs in four, falls below it.
     */
    static final Map<String, String> PROGRESS = Map.of(
            "version-skew", "ddl-latency",
            "drop-after-clone", "clone-latency",
            "split-stall", "split-duration");

    static final double PROGRESS_SHARE_MIN = 0.75;

    /**
     * The probe guard judges sweeps of at least this many seeds per plan: in fewer, a rare fault kind
     * may simply not have been drawn. The unmutated model hits every probe well within it
     * ({@code FixedSweepSanityTest.theProbesAreHitWithMargin}).
     */
    static final int PROBE_SEEDS_MIN = 50;

    /**
     * Whether the probe guard judges {@code plan}'s sweep. Not swarm's: a swarm seed leaves fault
     * kinds out on purpose, so a rare kind can go unhit in a few hundred unmutated seeds (version-skew's
     * engine-failure: 1 of swarm's seeds 0..49). Random and targeted draw every kind.
     */
    static boolean probeGuarded(String plan) {
        return !Plans.SWARM.equals(plan);
    }

    /** How many of seeds {@code 0..seeds-1} of {@code plan} recorded the scenario's progress metric. */
    static int progressed(Scenario s, String mode, String plan, int seeds) {
        int n = 0;
        for (long seed = 0; seed < seeds; seed++) {
            if (run(s, mode, plan, seed).progress()) {
                n++;
            }
        }
        return n;
    }

    /** Whether the run recorded the scenario's progress metric. */
    static boolean madeProgress(Scenario s, RunResult r) {
        long[] samples = r.metrics().get(PROGRESS.get(s.name()));
        return samples != null && samples.length > 0;
    }

    /**
     * A sweep's outcome.
     *
     * @param judge who the first failing seed belongs to; null when every seed held
     * @param failure the reproducing command and what failed
     * @param seedZero per plan, what seed 0 did (the check that an outcome is this mutant's)
     */
    record Outcome(Judge judge, String failure, List<String> seedZero) {}

    /** An outcome left by the first method of a trio for the other two, by scenario (mutation minions only). */
    private record Pending(Outcome outcome, int usesLeft) {}

    private static final Map<String, Pending> PENDING = new HashMap<>();

    /** Whether this JVM is one of PIT's mutation minions (its main class), where the pair shares one sweep. */
    static boolean inMutationMinion() {
        return String.valueOf(System.getProperty("sun.java.command"))
                .startsWith("org.pitest.mutationtest.execute.MutationTestMinion");
    }

    /** What one seed did, in one line: its failure (or null), a fingerprint of the run, whether it made progress. */
    private record Seed(Judge judge, String failure, String fingerprint, boolean progress, Set<String> probes) {}

    private static Seed run(Scenario s, String mode, String plan, long seed) {
        RunSpec spec = new RunSpec(s.name(), mode, plan, seed);
        RunResult r;
        try {
            r = s.run(spec);
        } catch (OutOfMemoryError e) {
            // PIT reports a minion that runs out of memory as MEMORY_ERROR; do not hide it.
            throw e;
        } catch (RuntimeException | Error e) {
            return new Seed(
                    Judge.MODEL, shardsim.testkit.Replay.command(spec) + ": threw " + e, "threw " + e, false, Set.of());
        }
        String fingerprint = r.digestHex() + " " + r.violations();
        boolean progress = madeProgress(s, r);
        Set<String> probes = r.probes().keySet();
        String check = brokenCheck(s, r);
        if (check != null) {
            return new Seed(
                    Judge.CHECKS, shardsim.testkit.Replay.command(spec) + ": " + check, fingerprint, progress, probes);
        }
        String budget = budget(r);
        if (budget != null) {
            return new Seed(
                    Judge.MODEL, shardsim.testkit.Replay.command(spec) + ": " + budget, fingerprint, progress, probes);
        }
        return new Seed(null, null, fingerprint, progress, probes);
    }

    /** Sweeps {@code mode}, plan by plan, seed by seed, to the first failing seed. */
    static Outcome sweep(Scenario s, String mode, int seeds) {
        List<String> seedZero = new ArrayList<>();
        Judge judge = null;
        String failure = null;
        String vacuous = null;
        for (String plan : plans(s)) {
            int progressed = 0;
            TreeSet<String> unhit = new TreeSet<>(s.probeNames());
            for (long seed = 0; seed < seeds && (failure == null || seed == 0); seed++) {
                Seed r = run(s, mode, plan, seed);
                if (seed == 0) {
                    seedZero.add(r.fingerprint());
                }
                if (r.progress()) {
                    progressed++;
                }
                unhit.removeAll(r.probes());
                if (failure == null && r.failure() != null) {
                    judge = r.judge();
                    failure = r.failure();
                }
            }
            if (vacuous == null && failure == null && progressed < PROGRESS_SHARE_MIN * seeds) {
                vacuous = "sim sweep " + s.name() + " --mode " + mode + " --plan " + plan + " --seeds 0.." + (seeds - 1)
                        + ": only " + progressed + " of " + seeds + " seeds recorded " + PROGRESS.get(s.name())
                        + " (the guard asks for " + PROGRESS_SHARE_MIN + " of them)";
            }
            if (vacuous == null
                    && failure == null
                    && seeds >= PROBE_SEEDS_MIN
                    && probeGuarded(plan)
                    && !unhit.isEmpty()) {
                vacuous = "sim sweep " + s.name() + " --mode " + mode + " --plan " + plan + " --seeds 0.." + (seeds - 1)
                        + ": no seed hit the code probe(s) " + String.join(", ", unhit);
            }
        }
        if (failure == null && vacuous != null) {
            judge = Judge.VACUITY;
            failure = vacuous;
        }
        return new Outcome(judge, failure, List.copyOf(seedZero));
    }

    /**
     * Sweeps every mode of {@link #modes(Scenario)} in turn and stops at the first whose sweep failed
     * or was vacuous; seed zero's fingerprints are every mode's.
     */
    static Outcome sweepModes(Scenario s, int seeds) {
        List<String> seedZero = new ArrayList<>();
        Outcome first = null;
        for (String mode : modes(s)) {
            if (first != null) {
                seedZero.addAll(seedZero(s, mode));
                continue;
            }
            Outcome o = sweep(s, mode, seeds);
            seedZero.addAll(o.seedZero());
            if (o.judge() != null) {
                first = o;
            }
        }
        return first == null
                ? new Outcome(null, null, List.copyOf(seedZero))
                : new Outcome(first.judge(), first.failure(), List.copyOf(seedZero));
    }

    private static List<String> seedZero(Scenario s, String mode) {
        List<String> out = new ArrayList<>();
        for (String plan : plans(s)) {
            out.add(run(s, mode, plan, 0).fingerprint());
        }
        return out;
    }

    private static List<String> seedZeroOfModes(Scenario s) {
        List<String> out = new ArrayList<>();
        for (String mode : modes(s)) {
            out.addAll(seedZero(s, mode));
        }
        return out;
    }

    /** The first failing seed of {@code mode} under {@code judge} (its command and what failed), or null. */
    static String firstFailure(Scenario s, String mode, Judge judge, int seeds) {
        Outcome o = sweep(s, mode, seeds);
        return o.judge() == judge ? o.failure() : null;
    }

    static String brokenCheck(Scenario s, RunResult r) {
        for (Violation v : shardsim.core.scenario.Verdict.of(s, r).broken()) {
            if (!RunBudget.INVARIANT.equals(v.invariant())) {
                return v.invariant() + " " + v.message();
            }
        }
        return null;
    }

    static String budget(RunResult r) {
        for (Violation v : r.violations()) {
            if (RunBudget.INVARIANT.equals(v.invariant())) {
                return v.invariant() + " " + v.message();
            }
        }
        return null;
    }

    private static void judge(String scenario, Judge judge) {
        Scenario s = Scenarios.byName(scenario).orElseThrow();
        Outcome o = null;
        if (inMutationMinion()) {
            Pending left = PENDING.remove(scenario);
            if (left != null && left.outcome().seedZero().equals(seedZeroOfModes(s))) {
                o = left.outcome();
                if (left.usesLeft() > 1) {
                    PENDING.put(scenario, new Pending(o, left.usesLeft() - 1));
                }
            } else {
                o = sweepModes(s, seeds());
                PENDING.put(scenario, new Pending(o, Judge.values().length - 1));
            }
        } else {
            o = sweepModes(s, seeds());
        }
        if (o.judge() == judge) {
            fail(judge + " " + o.failure());
        }
    }

    @Test
    void versionSkewChecks() {
        judge("version-skew", Judge.CHECKS);
    }

    @Test
    void versionSkewModel() {
        judge("version-skew", Judge.MODEL);
    }

    @Test
    void versionSkewVacuity() {
        judge("version-skew", Judge.VACUITY);
    }

    @Test
    void dropAfterCloneChecks() {
        judge("drop-after-clone", Judge.CHECKS);
    }

    @Test
    void dropAfterCloneModel() {
        judge("drop-after-clone", Judge.MODEL);
    }

    @Test
    void dropAfterCloneVacuity() {
        judge("drop-after-clone", Judge.VACUITY);
    }

    @Test
    void splitStallChecks() {
        judge("split-stall", Judge.CHECKS);
    }

    @Test
    void splitStallModel() {
        judge("split-stall", Judge.MODEL);
    }

    @Test
    void splitStallVacuity() {
        judge("split-stall", Judge.VACUITY);
    }
}
