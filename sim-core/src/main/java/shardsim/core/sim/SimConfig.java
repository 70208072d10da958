package shardsim.core.sim;

import shardsim.core.net.LinkPolicy;

/**
 * How a simulation runs.
 *
 * @param budget the run's limit on events and virtual time
 * @param defaultLink the policy of every link without its own
 * @param stopOnFirstViolation stop at the first violation (otherwise keep the first of each invariant and go on)
 * @param workerCapacity most tasks a worker queue holds
 */
public record SimConfig(RunBudget budget, LinkPolicy defaultLink, boolean stopOnFirstViolation, int workerCapacity) {
    public SimConfig {
        if (budget == null || defaultLink == null) {
            throw new IllegalArgumentException("budget and default link are required");
        }
        if (workerCapacity <= 0) {
            throw new IllegalArgumentException("worker capacity must be positive");
        }
    }

    /** A reliable default link, a budget of 5 million events and a day of virtual time, runs that stop at the first violation. */
    public static SimConfig defaults() {
        return new SimConfig(RunBudget.of(5_000_000, 24L * 3600 * 1_000_000), LinkPolicy.reliable(), true, 10_000);
    }

    /** This configuration with the budget {@code b}. */
    public SimConfig withBudget(RunBudget b) {
        return new SimConfig(b, defaultLink, stopOnFirstViolation, workerCapacity);
    }

    /** This configuration with the default link {@code p}. */
    public SimConfig withDefaultLink(LinkPolicy p) {
        return new SimConfig(budget, p, stopOnFirstViolation, workerCapacity);
    }

    /** This configuration, stopping at the first violation or not. */
    public SimConfig withStopOnFirstViolation(boolean stop) {
        return new SimConfig(budget, defaultLink, stop, workerCapacity);
    }
}
