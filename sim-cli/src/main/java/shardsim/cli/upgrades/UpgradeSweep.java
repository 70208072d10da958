package shardsim.cli.upgrades;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import shardsim.cli.base.Parallel;
import shardsim.core.rollout.Order;
import shardsim.core.rollout.Outcome;
import shardsim.core.rollout.Rollout;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.Scenario;

/**
 * Runs every seed of a range under every order, in blocks of seeds on a pool, and tallies the
 * outcomes per order in seed order, so the result does not depend on the thread count.
 *
 * @param scenario the scenario
 * @param base the built-in plan whose seeds are swept (drawn from the seed)
 * @param from the old code (every node starts on it)
 * @param to the new code
 * @param orders the orders of the first seed's world; each seed runs the orders of the same names
 *     derived from its own world's roles that a rollout may roll ({@link Order#of},
 *     {@link Scenario#rolloutRoles}), whose nodes may differ
 */
public record UpgradeSweep(Scenario scenario, String base, String from, String to, List<Order> orders) {
    /** Seeds per task: big enough to keep a pool busy, small enough to stop soon when told. */
    private static final int BLOCK = 25;

    /** One seed's outcomes, an order each. */
    public List<Outcome> seed(long seed) {
        List<Order> own = Order.of(
                scenario.rolloutRoles(RunRequest.builtIn(scenario, base).spec(from, seed)));
        List<Outcome> out = new ArrayList<>();
        for (Order o : orders) {
            // Each order's run and its baseline: the same restarts on the old code.
            out.add(Outcome.run(scenario, Rollout.of(scenario, base, from, to, Order.named(own, o.name()), seed)));
        }
        return out;
    }

    /**
     * The tallies of seeds {@code first..last}, an order each; stops early (the seeds before the
     * first unfinished block counted) when {@code stop} says so.
     *
     * @param done told after each seed whether all its orders were clean of rollout failures
     */
    public Result run(long first, long last, int threads, BooleanSupplier stop, Consumer<Boolean> done) {
        List<OrderTally> tallies = new ArrayList<>();
        for (Order o : orders) {
            tallies.add(new OrderTally(o));
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        long counted = 0;
        try {
            List<Callable<List<List<Outcome>>>> tasks = new ArrayList<>();
            for (long s = first; s <= last; s += BLOCK) {
                long from0 = s;
                long to0 = Math.min(last, s + BLOCK - 1);
                tasks.add(() -> block(from0, to0, stop, done));
            }
            for (List<List<Outcome>> block : Parallel.all(pool, tasks)) {
                if (block == null) {
                    break;
                }
                for (List<Outcome> seed : block) {
                    for (int i = 0; i < seed.size(); i++) {
                        tallies.get(i).add(seed.get(i));
                    }
                    counted++;
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return new Result(first, counted, tallies);
    }

    private List<List<Outcome>> block(long first, long last, BooleanSupplier stop, Consumer<Boolean> done) {
        List<List<Outcome>> out = new ArrayList<>();
        for (long s = first; s <= last; s++) {
            if (stop.getAsBoolean()) {
                return null;
            }
            List<Outcome> seed = seed(s);
            out.add(seed);
            done.accept(seed.stream().noneMatch(Outcome::introduced));
        }
        return out;
    }

    /**
     * @param first the first seed
     * @param seeds how many seeds were counted (fewer than asked when stopped)
     * @param tallies an order each
     */
    public record Result(long first, long seeds, List<OrderTally> tallies) {}
}
