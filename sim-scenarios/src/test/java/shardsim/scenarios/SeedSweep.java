package shardsim.scenarios;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import shardsim.core.check.Violation;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * A developer's sweep for test code and one-off measurements (the {@code sim sweep} command is
 * the user-facing one). Runs seeds [from, to] on a thread pool: parallel across simulations only.
 *
 * <p>Usage: {@code java -cp ... shardsim.scenarios.SeedSweep SCENARIO_CLASS MODE PLAN FROM TO [THREADS]}
 */
public final class SeedSweep {
    /** What a sweep found. */
    public record Summary(long runs, long failing, long smallestFailingSeed, TreeMap<String, Long> byInvariant, long events, double seconds) {
        public String render() {
            return "runs=" + runs + " failing=" + failing + " (" + String.format("%.4f", runs == 0 ? 0.0 : (double) failing / runs) + ")"
                    + " smallestFailingSeed=" + (failing == 0 ? "none" : Long.toString(smallestFailingSeed))
                    + " byInvariant=" + byInvariant + " events=" + events
                    + String.format(" seconds=%.1f seeds/s=%.0f", seconds, runs / Math.max(seconds, 1e-9));
        }
    }

    private SeedSweep() {
    }

    public static Summary sweep(Scenario scenario, String mode, String plan, long from, long to, int threads) {
        long start = System.nanoTime();
        int n = Math.max(1, threads);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<long[]>> parts = new ArrayList<>();
            List<TreeMap<String, Long>> maps = new ArrayList<>();
            long[] smallest = new long[n];
            for (int t = 0; t < n; t++) {
                int part = t;
                TreeMap<String, Long> byInv = new TreeMap<>();
                maps.add(byInv);
                smallest[t] = Long.MAX_VALUE;
                parts.add(pool.submit(() -> {
                    long runs = 0;
                    long failing = 0;
                    long events = 0;
                    for (long seed = from + part; seed <= to; seed += n) {
                        RunResult r = scenario.run(new RunSpec(scenario.name(), mode, plan, seed));
                        runs++;
                        events += r.events();
                        if (!r.ok()) {
                            failing++;
                            smallest[part] = Math.min(smallest[part], seed);
                            for (Violation v : r.violations()) {
                                byInv.merge(v.invariant(), 1L, Long::sum);
                            }
                        }
                    }
                    return new long[] {runs, failing, events};
                }));
            }
            long runs = 0;
            long failing = 0;
            long events = 0;
            long min = Long.MAX_VALUE;
            TreeMap<String, Long> byInvariant = new TreeMap<>();
            for (int t = 0; t < n; t++) {
                long[] r = parts.get(t).get();
                runs += r[0];
                failing += r[1];
                events += r[2];
                min = Math.min(min, smallest[t]);
                maps.get(t).forEach((k, v) -> byInvariant.merge(k, v, Long::sum));
            }
            return new Summary(runs, failing, min, byInvariant, events, (System.nanoTime() - start) / 1e9);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdownNow();
        }
    }

    public static void main(String[] args) throws Exception {
        Scenario scenario = (Scenario) Class.forName(args[0]).getDeclaredConstructor().newInstance();
        int threads = args.length > 5 ? Integer.parseInt(args[5]) : Runtime.getRuntime().availableProcessors();
        Summary s = sweep(scenario, args[1], args[2], Long.parseLong(args[3]), Long.parseLong(args[4]), threads);
        System.out.println(scenario.name() + " mode=" + args[1] + " plan=" + args[2] + " seeds=" + args[3] + ".." + args[4] + " " + s.render());
    }
}
