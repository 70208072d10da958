package shardsim.core.explore;

import shardsim.core.scenario.Scenario;

/**
 * What to explore.
 *
 * @param scenario the scenario
 * @param mode the mode every candidate runs in
 * @param plan the built-in plan fresh plans are drawn from ({@code random}, {@code swarm}, ...):
 *     fresh plan {@code i} is the plan of seed {@code seed + i}, as data
 * @param seed the explorer's seed: its own generator's, and the first fresh plan's
 * @param runs the budget: most candidate runs merged
 * @param stopAtFirstFailure whether to stop at the first run that breaks an invariant that is not
 *     a residual gap of the scenario
 * @param limits the bounds of the search
 */
public record ExploreConfig(
        Scenario scenario,
        String mode,
        String plan,
        long seed,
        int runs,
        boolean stopAtFirstFailure,
        ExploreLimits limits) {
    /** Most runs one exploration may be given. */
    public static final int MAX_RUNS = 100_000_000;

    public ExploreConfig {
        if (scenario == null || mode == null || plan == null || limits == null) {
            throw new IllegalArgumentException("scenario, mode, plan and limits are required");
        }
        if (!scenario.modes().contains(mode)) {
            throw new IllegalArgumentException("unknown mode '" + mode + "' for " + scenario.name());
        }
        if (!scenario.plans().contains(plan)) {
            throw new IllegalArgumentException("unknown plan '" + plan + "' for " + scenario.name());
        }
        if (runs < 1 || runs > MAX_RUNS) {
            throw new IllegalArgumentException("runs must be 1 to " + MAX_RUNS + ", got " + runs);
        }
        if (seed < 0 || seed > Long.MAX_VALUE - MAX_RUNS) {
            throw new IllegalArgumentException("seed must be 0 to " + (Long.MAX_VALUE - MAX_RUNS) + ", got " + seed);
        }
    }

    /** Explores {@code plan}'s plans of {@code scenario} in {@code mode} from {@code seed}, with the default limits. */
    public static ExploreConfig of(Scenario scenario, String mode, String plan, long seed, int runs) {
        return new ExploreConfig(scenario, mode, plan, seed, runs, false, ExploreLimits.DEFAULTS);
    }

    public ExploreConfig stoppingAtFirstFailure() {
        return new ExploreConfig(scenario, mode, plan, seed, runs, true, limits);
    }

    public ExploreConfig withLimits(ExploreLimits newLimits) {
        return new ExploreConfig(scenario, mode, plan, seed, runs, stopAtFirstFailure, newLimits);
    }
}
