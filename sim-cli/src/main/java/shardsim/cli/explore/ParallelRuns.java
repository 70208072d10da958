package shardsim.cli.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import shardsim.cli.base.Parallel;
import shardsim.core.explore.Explorer;
import shardsim.core.explore.Outcome;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/** Runs each batch of candidates on a pool of threads; the outcomes come back in candidate order. */
public final class ParallelRuns implements Explorer.Runner, AutoCloseable {
    private final Scenario scenario;
    private final ExecutorService pool;

    public ParallelRuns(Scenario scenario, int threads) {
        this.scenario = scenario;
        this.pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
            Thread t = new Thread(r, "explore-run");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public List<Outcome> run(List<RunSpec> specs) {
        List<Callable<Outcome>> tasks = new ArrayList<>();
        for (RunSpec s : specs) {
            tasks.add(() -> Outcome.of(scenario, s));
        }
        return Parallel.all(pool, tasks);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
