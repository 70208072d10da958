package shardsim.core.rollout;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.check.Violation;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.Verdict;

/**
 * What one rollout run did: the first violation of an invariant the run's codes claim (known gaps,
 * {@link Verdict}, are listed apart and judge nothing), the window it fell in, and
 * whether the rollout reached its end state with no such violation from the first step on.
 *
 * @param rollout the rollout
 * @param first the first claimed violation, or null
 * @param window where {@code first} fell, or null
 * @param claimed every claimed invariant the run broke, in order found
 * @param gaps every residual-gap invariant it broke
 * @param reachedSafely every step applied and no claimed violation in the run
 * @param oldCodeHolds whether the same plan with every step a restart on the old code instead
 *     ({@link #baseline}: the same restarts at the same times, no code change) broke no claimed
 *     invariant; a rollout failure on such a seed comes from the code change, not from the
 *     restarts or from the old code alone
 */
public record Outcome(
        Rollout rollout,
        Violation first,
        Rollout.Window window,
        List<String> claimed,
        List<String> gaps,
        boolean reachedSafely,
        boolean oldCodeHolds) {
    public Outcome {
        claimed = List.copyOf(claimed);
        gaps = List.copyOf(gaps);
    }

    /** Judges a run of {@code rollout} against {@code oldCode}, the run of its {@link #baseline}. */
    public static Outcome of(Scenario scenario, Rollout rollout, RunResult r, RunResult oldCode) {
        Violation first = null;
        List<String> claimed = new ArrayList<>();
        Verdict verdict = Verdict.of(scenario, r);
        List<String> gaps = Verdict.names(verdict.gaps());
        for (Violation v : verdict.broken()) {
            if (!claimed.contains(v.invariant())) {
                claimed.add(v.invariant());
            }
            if (first == null || v.timeMicros() < first.timeMicros()) {
                first = v;
            }
        }
        Rollout.Window window = null;
        if (first != null) {
            window = first.timeMicros() < rollout.firstStepMicros()
                    ? Rollout.Window.BEFORE
                    : first.timeMicros() < rollout.lastStepMicros() ? Rollout.Window.MIXED : Rollout.Window.AFTER;
        }
        boolean reached = rollout.skipped() == 0 && (first == null);
        return new Outcome(rollout, first, window, claimed, gaps, reached, holds(scenario, oldCode));
    }

    /**
     * The rollout's plan with every step a restart on the old code (an upgrade or downgrade to the
     * run's own mode): the same restarts at the same times, so the runs differ only in the code
     * the restarted nodes run.
     */
    public static RunResult baseline(Scenario scenario, Rollout rollout) {
        RunSpec s = rollout.spec();
        FaultPlan.Builder b = FaultPlan.builder();
        for (TimedFault f : s.custom().faults().faults()) {
            Fault fault = f.fault();
            if (fault instanceof NodeFault.Upgrade u) {
                fault = new NodeFault.Upgrade(u.node(), s.mode());
            } else if (fault instanceof NodeFault.Downgrade d) {
                fault = new NodeFault.Downgrade(d.node(), s.mode());
            }
            b.at(f.atMicros(), fault);
        }
        return scenario.run(RunSpec.custom(s.scenario(), s.mode(), s.custom().withFaults(b.build()), s.seed()));
    }

    /** Runs {@code rollout} and its {@link #baseline}, and judges the rollout. */
    public static Outcome run(Scenario scenario, Rollout rollout) {
        return of(scenario, rollout, rollout.run(scenario), baseline(scenario, rollout));
    }

    /** Whether a run broke no invariant its codes claim. */
    public static boolean holds(Scenario scenario, RunResult r) {
        return Verdict.of(scenario, r).claimsHold();
    }

    /**
     * Whether the run failed from the first step on while the same restarts on the old code held:
     * what makes an order unsafe.
     */
    public boolean introduced() {
        return failsInRollout() && oldCodeHolds;
    }

    /** Whether the run failed at or after the first step (the old code may fail there too: see {@link #introduced}). */
    public boolean failsInRollout() {
        return window == Rollout.Window.MIXED || window == Rollout.Window.AFTER;
    }
}
