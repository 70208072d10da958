package shardsim.core.fault;

/**
 * A fault that stays in force until the plan ends it with an {@link End} naming it: a partition,
 * or a scenario's switch such as a dropped response or slow reports. A kind is one record; the
 * kernel derives the rest once for all kinds: the start counts +1 towards the faults in force and
 * its end -1 (liveness counts its quiet time from zero), a shrinker keeps the start with its end,
 * and a fault handler is told whether the fault starts or ends ({@code Simulation.FaultHandler}).
 * Add the pair with {@link FaultPlan.Builder#lasting}.
 *
 * <p>A fault that carries its own duration (a clog, a stalled pool) is not lasting in this sense:
 * nothing in the plan ends it.
 */
public interface LastingFault extends Fault {
    @Override
    default int activityDelta() {
        return 1;
    }

    /** The fault that ends this one. */
    default End end() {
        return new End(this);
    }
}
