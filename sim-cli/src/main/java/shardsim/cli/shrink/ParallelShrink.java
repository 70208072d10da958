package shardsim.cli.shrink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import shardsim.cli.base.Parallel;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.shrink.ShrinkBudget;
import shardsim.core.shrink.ShrinkResult;
import shardsim.core.shrink.Shrinker;

/**
 * Shrinks a plan of one scenario, mode and seed, running each batch of candidates on
 * {@code threads} threads. The answer is the same for any thread count unless a budget stops
 * the search (see {@link Shrinker}).
 */
public final class ParallelShrink {
    private ParallelShrink() {}

    /**
     * @throws IllegalArgumentException if the start plan does not break the invariant (or nothing)
     */
    public static ShrinkResult shrink(
            Scenario scenario,
            String mode,
            long seed,
            CustomPlan start,
            String invariant,
            ShrinkBudget budget,
            int threads,
            Shrinker.Progress progress) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            Shrinker shrinker =
                    new Shrinker(plans -> runAll(pool, scenario, mode, seed, plans), budget, threads, progress);
            return shrinker.shrink(start, invariant);
        } finally {
            pool.shutdownNow();
        }
    }

    private static RunResult run(Scenario scenario, String mode, long seed, CustomPlan plan) {
        return scenario.run(RunSpec.custom(scenario.name(), mode, plan, seed));
    }

    private static List<RunResult> runAll(
            ExecutorService pool, Scenario scenario, String mode, long seed, List<CustomPlan> plans) {
        if (plans.size() == 1) {
            return List.of(run(scenario, mode, seed, plans.get(0)));
        }
        List<Callable<RunResult>> tasks = new ArrayList<>();
        for (CustomPlan p : plans) {
            tasks.add(() -> run(scenario, mode, seed, p));
        }
        return Parallel.all(pool, tasks);
    }
}
