package shardsim.cli.base;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/** Runs independent simulations on a pool: the only place, with sweeps, where the command line uses threads. */
public final class Parallel {
    private Parallel() {}

    /** Every task's result, in the order of the tasks; a task's runtime exception is rethrown as is. */
    public static <T> List<T> all(ExecutorService pool, List<Callable<T>> tasks) {
        List<Future<T>> futures = new ArrayList<>();
        for (Callable<T> t : tasks) {
            futures.add(pool.submit(t));
        }
        List<T> out = new ArrayList<>();
        for (Future<T> f : futures) {
            try {
                out.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
        return out;
    }
}
