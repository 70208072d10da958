package shardsim.cli.power;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import shardsim.cli.base.Parallel;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.Verdict;

/**
 * Sweeps from {@code starts} starting seeds (0, 10^9, 2·10^9, ...: far apart, so the sweeps never
 * overlap) until each finds a failing seed (a claim of the mode broke, or a known gap showed when
 * gaps fail) or has run {@code maxSeeds}. The counts are
 * deterministic; only the wall times depend on the machine.
 */
public final class Power {
    /** The distance between starting seeds; bounds {@code maxSeeds}. */
    public static final long SPACING = 1_000_000_000L;

    private Power() {}

    public static long startSeed(int index) {
        return index * SPACING;
    }

    public static List<StartResult> measure(
            Scenario scenario, String mode, String plan, int starts, long maxSeeds, int threads) {
        return measure(
                scenario, mode, plan, java.util.Map.of(), starts, maxSeeds, threads, false, () -> false, r -> {});
    }

    /**
     * Like {@link #measure(Scenario, String, String, int, long, int)}, stopping early when
     * {@code stop} says so: then only the starts that finished are returned, in order.
     *
     * @param nodeModes nodes or roles that start on their own mode
     * @param failOnGaps whether a known gap counts as a failure
     * @param done told of each start as it finishes
     */
    public static List<StartResult> measure(
            Scenario scenario,
            String mode,
            String plan,
            java.util.Map<String, String> nodeModes,
            int starts,
            long maxSeeds,
            int threads,
            boolean failOnGaps,
            java.util.function.BooleanSupplier stop,
            java.util.function.Consumer<StartResult> done) {
        if (starts < 1 || maxSeeds < 1 || maxSeeds > SPACING) {
            throw new IllegalArgumentException("need starts >= 1 and 1 <= maxSeeds <= " + SPACING);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<Callable<StartResult>> tasks = new ArrayList<>();
            for (int i = 0; i < starts; i++) {
                long start = startSeed(i);
                tasks.add(() -> {
                    StartResult r = sweep(scenario, mode, plan, nodeModes, start, maxSeeds, failOnGaps, stop);
                    if (r != null) {
                        done.accept(r);
                    }
                    return r;
                });
            }
            List<StartResult> out = new ArrayList<>();
            for (StartResult r : Parallel.all(pool, tasks)) {
                if (r != null) {
                    out.add(r);
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One start's sweep, or null if {@code stop} ended it first. */
    static StartResult sweep(
            Scenario scenario,
            String mode,
            String plan,
            java.util.Map<String, String> nodeModes,
            long start,
            long maxSeeds,
            boolean failOnGaps,
            java.util.function.BooleanSupplier stop) {
        long t0 = System.nanoTime();
        RunRequest request = RunRequest.builtIn(scenario, plan).withNodeModes(nodeModes);
        for (long k = 0; k < maxSeeds; k++) {
            if (stop.getAsBoolean()) {
                return null;
            }
            RunResult r = scenario.run(request.spec(mode, start + k));
            Verdict v = Verdict.of(scenario, r);
            if (v.failed(failOnGaps)) {
                return new StartResult(
                        start,
                        k + 1,
                        true,
                        (v.broken().isEmpty() ? v.gaps() : v.broken()).get(0).invariant(),
                        System.nanoTime() - t0);
            }
        }
        return new StartResult(start, maxSeeds, false, null, System.nanoTime() - t0);
    }

    /** The nearest-rank percentile ({@code p} in (0, 100]) of the values. */
    public static long percentile(List<Long> values, double p) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }
}
