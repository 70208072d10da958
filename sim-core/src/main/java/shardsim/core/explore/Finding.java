package shardsim.core.explore;

import java.util.List;
import shardsim.core.check.Violation;
import shardsim.core.scenario.CustomPlan;

/**
 * A failure the exploration found: the first run that failed this way, and its plan.
 *
 * @param run the run's number (1 for the first run of the exploration)
 * @param signature what failed: the invariants broken that are not residual gaps, in order, or
 *     {@code exception} and the exception's class
 * @param plan the run's plan, which with {@code seed} reproduces it
 * @param seed the seed whose world the plan runs in
 * @param violations every violation of the run (residual gaps included)
 * @param error the exception the model threw, or null
 * @param origin how the plan was made ({@code random seed 7}, {@code run 40: shift-fault, add-op})
 * @param count how many runs failed this way
 */
public record Finding(
        int run,
        String signature,
        CustomPlan plan,
        long seed,
        List<Violation> violations,
        String error,
        String origin,
        long count) {
    public Finding {
        violations = List.copyOf(violations);
    }

    Finding counted() {
        return new Finding(run, signature, plan, seed, violations, error, origin, count + 1);
    }
}
