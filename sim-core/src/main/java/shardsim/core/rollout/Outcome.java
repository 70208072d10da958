package shardsim.core.rollout;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.check.Violation;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.Scenario;

/**
 * What one rollout run did: the first violation of an invariant the fix claims (residual gaps,
 * {@link Scenario#isResidualGap}, are listed apart and judge nothing), the window it fell in, and
 * whether the rollout reached its end state with no such violation from the first step on.
 *
 * @param rollout the rollout
 * @param first the first claimed violation, or null
 * @param window where {@code first} fell, or null
 * @param claimed every claimed invariant the run broke, in order found
 * @param gaps every residual-gap invariant it broke
 * @param reachedSafely every step applied and no claimed violation from the first step on
 */
public record Outcome(Rollout rollout, Violation first, Rollout.Window window, List<String> claimed, List<String> gaps, boolean reachedSafely) {
    public Outcome {
        claimed = List.copyOf(claimed);
        gaps = List.copyOf(gaps);
    }

    /** Judges a run of {@code rollout}. */
    public static Outcome of(Scenario scenario, Rollout rollout, RunResult r) {
        Violation first = null;
        List<String> claimed = new ArrayList<>();
        List<String> gaps = new ArrayList<>();
        for (Violation v : r.violations()) {
            if (scenario.isResidualGap(v.invariant())) {
                if (!gaps.contains(v.invariant())) {
                    gaps.add(v.invariant());
                }
                continue;
            }
            if (!claimed.contains(v.invariant())) {
                claimed.add(v.invariant());
            }
            if (first == null || v.timeMicros() < first.timeMicros()) {
                first = v;
            }
        }
        Rollout.Window window = null;
        if (first != null) {
            window = first.timeMicros() < rollout.firstStepMicros() ? Rollout.Window.BEFORE
                    : first.timeMicros() < rollout.lastStepMicros() ? Rollout.Window.MIXED : Rollout.Window.AFTER;
        }
        boolean reached = rollout.skipped() == 0 && (first == null);
        return new Outcome(rollout, first, window, claimed, gaps, reached);
    }

    /** Runs {@code rollout} and judges it. */
    public static Outcome run(Scenario scenario, Rollout rollout) {
        return of(scenario, rollout, rollout.run(scenario));
    }

    /** Whether the run failed at or after the first step: what makes an order unsafe. */
    public boolean failsInRollout() {
        return window == Rollout.Window.MIXED || window == Rollout.Window.AFTER;
    }
}
