package shardsim.core.blocks;

import java.util.function.Supplier;
import shardsim.core.check.Rule;
import shardsim.core.sim.Simulation;

/**
 * "Within {@code withinMicros} after the faults end, P holds", judged at sample times: a sample
 * taken while a fault is in force, or less than {@code withinMicros} after the last one ended,
 * judges nothing; any later sample at which P does not hold raises a violation of the rule. So P
 * must hold at every sample once the system has had its time, and a new fault gives it that time
 * again. A run before its first fault counts as quiet since its start. It is the sampled form of the kernel's {@link shardsim.core.check.Liveness}, which judges
 * P once, at the deadline; sampling keeps judging after it, so it also catches P breaking again in
 * a quiet tail.
 */
public final class Eventually {
    private Eventually() {}

    /**
     * Registers the check at every sample time.
     *
     * @param sim the run
     * @param rule the invariant a violation is raised under
     * @param withinMicros how long after the last fault ends P may still fail
     * @param samples when P is judged
     * @param label how each sample is traced
     * @param problem null when P holds, otherwise what is wrong; read only once the system had its
     *     time, so it may assume the world booted and settled
     */
    public static void afterFaults(
            Simulation sim, Rule rule, long withinMicros, Samples samples, String label, Supplier<String> problem) {
        if (withinMicros < 0) {
            throw new IllegalArgumentException("the time to recover cannot be negative, got " + withinMicros);
        }
        samples.schedule(sim, label, () -> {
            if (!Quiet.forAtLeast(sim.view(), withinMicros)) {
                return;
            }
            String p = problem.get();
            if (p != null) {
                sim.checks().violation(rule, p);
            }
        });
    }
}
