package shardsim.core.run;

import shardsim.core.random.SimRandom;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;

/**
 * A run replayed exactly through one event (the <em>point</em>), then continued with every random
 * stream re-seeded ({@link shardsim.core.sim.Simulation#reseed}). The plan stays as it is: its
 * link, its scheduled faults and its workload are data, scheduled when the run was staged; only
 * what the run draws as it goes (network delays, loss and duplication, each node's draws) comes
 * out differently. Continuation {@code k} of a point is re-seeded with {@link #salt(long, long, int)
 * salt(seed, point, k)}, so a continuation is as reproducible as a seed. {@code k = 0} is not
 * re-seeded: it is the original run.
 *
 * <p>A plan that aims faults at what the run does (a built-in plan for which {@link
 * SimulatedScenario#aimsFaultsFor} holds) would aim them anew in each continuation; callers that
 * want the plan's faults fixed run {@link SimulatedScenario#planOf} as data instead.
 */
public final class Continuation {
    /** The most continuations of one point. */
    public static final int MAX_K = 1_000_000;

    private Continuation() {}

    /**
     * The salt of continuation {@code k} of {@code point} in the run of {@code seed}: three rounds
     * of SplitMix64's finaliser, so that nearby seeds, points and k give unrelated salts.
     */
    public static long salt(long seed, long point, int k) {
        return SimRandom.mix64(SimRandom.mix64(SimRandom.mix64(seed) ^ point) + 0x9E3779B97F4A7C15L * k);
    }

    /** Stages {@code spec} and runs it through event {@code point} (0: before the first event), recording into {@code trace}. */
    public static StagedRun<?, ?> prefix(SimulatedScenario<?, ?, ?> scenario, RunSpec spec, long point, Trace trace) {
        if (point < 0) {
            throw new IllegalArgumentException("point must be an event number, at least 0: " + point);
        }
        StagedRun<?, ?> run = scenario.stage(spec, trace);
        run.sim().runThroughEvent(point, run.shape().endMicros());
        return run;
    }

    /** Continuation {@code k} of {@code point} (k = 0: the original run, not re-seeded), run to its end. */
    public static RunResult run(SimulatedScenario<?, ?, ?> scenario, RunSpec spec, long point, int k, Trace trace) {
        if (k < 0 || k > MAX_K) {
            throw new IllegalArgumentException("k must be between 0 and " + MAX_K + ": " + k);
        }
        StagedRun<?, ?> run = prefix(scenario, spec, point, trace);
        if (k > 0) {
            run.sim().reseed(salt(spec.seed(), point, k));
        }
        return run.finish();
    }
}
