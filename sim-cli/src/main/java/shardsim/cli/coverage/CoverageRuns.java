package shardsim.cli.coverage;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongFunction;
import shardsim.core.coverage.CoverageTally;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * Runs seeds on {@code threads} threads and tallies what they reached. Each thread keeps its own
 * tally and the tallies are merged in thread order; a tally's counts do not depend on the order
 * its runs were added in, so neither does the result.
 */
public final class CoverageRuns {
    private CoverageRuns() {}

    /** Told after each run; may be called from any of the threads. */
    @FunctionalInterface
    public interface Step {
        void done(RunResult r);
    }

    /** What the runs reached: abstract states and transitions, and code probes. */
    public record Tallies(CoverageTally coverage, ProbeTally probes) {}

    /**
     * @param specOf the run of each seed
     * @param first the first seed
     * @param count how many seeds, from {@code first}
     */
    public static Tallies tally(
            Scenario scenario, LongFunction<RunSpec> specOf, long first, long count, int threads, Step step) {
        return tally(scenario, specOf, first, count, threads, step, () -> false);
    }

    /** As above; stops starting runs once {@code stopped} says so (a signal), and counts those done. */
    public static Tallies tally(
            Scenario scenario,
            LongFunction<RunSpec> specOf,
            long first,
            long count,
            int threads,
            Step step,
            java.util.function.BooleanSupplier stopped) {
        CoverageTally[] tallies = new CoverageTally[threads];
        ProbeTally[] probeTallies = new ProbeTally[threads];
        AtomicLong cursor = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            CoverageTally mine = new CoverageTally();
            ProbeTally myProbes = new ProbeTally();
            tallies[i] = mine;
            probeTallies[i] = myProbes;
            workers[i] = new Thread(
                    () -> {
                        try {
                            for (long k = cursor.getAndIncrement();
                                    k < count && !stop.get() && !stopped.getAsBoolean();
                                    k = cursor.getAndIncrement()) {
                                RunResult r = scenario.run(specOf.apply(first + k));
                                mine.add(r.coverage());
                                myProbes.add(r.probes());
                                step.done(r);
                            }
                        } catch (Throwable t) {
                            failure.compareAndSet(null, t);
                            stop.set(true);
                        }
                    },
                    "coverage-" + i);
            workers[i].start();
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop.set(true);
                throw new IllegalStateException("interrupted", e);
            }
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException re) {
            throw re;
        } else if (t instanceof Error err) {
            throw err;
        } else if (t != null) {
            throw new IllegalStateException(t);
        }
        CoverageTally all = new CoverageTally();
        ProbeTally allProbes = new ProbeTally();
        for (int i = 0; i < threads; i++) {
            all.addAll(tallies[i]);
            allProbes.addAll(probeTallies[i]);
        }
        return new Tallies(all, allProbes);
    }
}
