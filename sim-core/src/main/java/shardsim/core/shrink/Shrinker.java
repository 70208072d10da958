package shardsim.core.shrink;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.check.Violation;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;

/**
 * Shrinks a failing plan: first a calmer link (no loss, no duplication) if the failure survives
 * it, then delta debugging over its faults (a lasting fault and its end go together), then over
 * its operations, then again over the faults, until neither list loses an element and the plan
 * left fails on no calmer link than it has (so that shrinking the answer again changes nothing). A candidate
 * counts as failing when its run breaks the same invariant as the original (another invariant
 * failing instead is a different bug, and is not kept). Each {@link #shrink} starts afresh.
 */
public final class Shrinker {
    /** Runs candidate plans (same scenario, mode and seed); may run a batch at once, results in order. */
    public interface Runner {
        List<RunResult> run(List<CustomPlan> plans);
    }

    /** Told after every batch: runs so far, and the sizes of the smallest failing plan so far. */
    public interface Progress {
        void update(int runs, int faults, int operations);
    }

    private final Runner runner;
    private final ShrinkBudget budget;
    private final int batch;
    private final Progress progress;
    private int runs;
    /** The smallest failing plan seen, for progress reports only (the answer is ddmin's). */
    private CustomPlan smallestSeen;

    private String invariant;

    /**
     * @param batch how many candidates to hand the runner at once (the number of threads it has);
     *        the shrunk plan is the same for any batch size unless a budget stops the search
     */
    public Shrinker(Runner runner, ShrinkBudget budget, int batch, Progress progress) {
        this.runner = runner;
        this.budget = budget;
        this.batch = Math.max(1, batch);
        this.progress = progress;
    }

    /**
     * @param start a plan with an explicit workload (see {@code Scenario.planOf})
     * @param target the invariant to keep failing, or null for the first one the start plan breaks
     * @throws IllegalArgumentException if the start plan does not break {@code target}
     */
    public ShrinkResult shrink(CustomPlan start, String target) {
        if (!start.hasWorkload()) {
            throw new IllegalArgumentException("a plan to shrink needs its workload as data");
        }
        runs = 0;
        RunResult first = runAll(List.of(start)).get(0);
        invariant = target != null ? target : firstInvariant(first);
        if (invariant == null) {
            throw new IllegalArgumentException("the plan does not fail: nothing to shrink");
        }
        if (!breaks(first, invariant)) {
            throw new IllegalArgumentException(
                    "the plan does not break " + invariant + " (it breaks " + names(first) + ")");
        }
        smallestSeen = start;
        CustomPlan template = calmerLink(start);
        List<PlanElement> faults = PlanElements.faults(start.faults());
        List<PlanElement> ops = PlanElements.operations(start.workload());
        progress.update(runs, start.faults().size(), start.operationCount());
        boolean stopped = false;
        while (true) {
            int before = faults.size() + ops.size();
            List<PlanElement> keptOps = ops;
            CustomPlan base = template;
            DeltaDebugger<PlanElement> f =
                    new DeltaDebugger<>(faults, c -> testFaults(base, c, keptOps), this::outOfBudget, batch);
            faults = f.minimize();
            stopped = f.stopped();
            if (stopped) {
                break;
            }
            List<PlanElement> keptFaults = faults;
            DeltaDebugger<PlanElement> o =
                    new DeltaDebugger<>(ops, c -> testOperations(base, keptFaults, c), this::outOfBudget, batch);
            ops = o.minimize();
            stopped = o.stopped();
            if (stopped) {
                break;
            }
            if (faults.size() + ops.size() == before) {
                // A plan smaller than the start may fail on a calmer link where the start did not;
                // without this retry, shrinking the answer again could still remove elements.
                CustomPlan calmer = calmerLink(PlanElements.plan(template, faults, ops));
                if (calmer.link().equals(template.link())) {
                    break;
                }
                template = template.withLink(calmer.link());
            }
        }
        CustomPlan shrunk = PlanElements.plan(template, faults, ops);
        // One more run of the answer: it gives the result to report, and checks the run repeats.
        RunResult last = runAll(List.of(shrunk)).get(0);
        if (!breaks(last, invariant)) {
            throw new IllegalStateException(
                    "the shrunk plan no longer breaks " + invariant + " when run again: the run is not deterministic");
        }
        return new ShrinkResult(invariant, start, first, shrunk, last, runs, !stopped);
    }

    /**
     * The plan with a calmer network if it still fails that way: no loss and no duplication, else
     * one of the two. A failure that needs no lossy link is easier to read, and shrinking it no
     * longer depends on which messages the link happens to lose.
     */
    private CustomPlan calmerLink(CustomPlan plan) {
        LinkPolicy link = plan.link();
        if (link.lossProbability() == 0 && link.duplicateProbability() == 0 || outOfBudget()) {
            return plan;
        }
        List<CustomPlan> candidates = new ArrayList<>();
        candidates.add(plan.withLink(link.withLoss(0).withDuplication(0)));
        if (link.lossProbability() > 0 && link.duplicateProbability() > 0) {
            candidates.add(plan.withLink(link.withLoss(0)));
            candidates.add(plan.withLink(link.withDuplication(0)));
        }
        for (int i = 0; i < candidates.size(); i += batch) {
            List<CustomPlan> slice = candidates.subList(i, Math.min(candidates.size(), i + batch));
            boolean[] fails = judge(slice);
            for (int k = 0; k < fails.length; k++) {
                if (fails[k]) {
                    return slice.get(k);
                }
            }
            if (outOfBudget()) {
                break;
            }
        }
        return plan;
    }

    private boolean[] testFaults(CustomPlan template, List<List<PlanElement>> faultSets, List<PlanElement> ops) {
        List<CustomPlan> plans = new ArrayList<>();
        for (List<PlanElement> fs : faultSets) {
            plans.add(PlanElements.plan(template, fs, ops));
        }
        return judge(plans);
    }

    private boolean[] testOperations(CustomPlan template, List<PlanElement> faults, List<List<PlanElement>> opSets) {
        List<CustomPlan> plans = new ArrayList<>();
        for (List<PlanElement> os : opSets) {
            plans.add(PlanElements.plan(template, faults, os));
        }
        return judge(plans);
    }

    private boolean[] judge(List<CustomPlan> plans) {
        List<RunResult> results = runAll(plans);
        boolean[] fails = new boolean[plans.size()];
        for (int i = 0; i < plans.size(); i++) {
            fails[i] = breaks(results.get(i), invariant);
            if (fails[i] && smaller(plans.get(i), smallestSeen)) {
                smallestSeen = plans.get(i);
            }
        }
        progress.update(runs, smallestSeen.faults().size(), smallestSeen.operationCount());
        return fails;
    }

    private static boolean smaller(CustomPlan a, CustomPlan b) {
        return a.faults().size() + a.operationCount() < b.faults().size() + b.operationCount();
    }

    private List<RunResult> runAll(List<CustomPlan> plans) {
        List<RunResult> results = runner.run(plans);
        if (results.size() != plans.size()) {
            throw new IllegalStateException(
                    "runner returned " + results.size() + " results for " + plans.size() + " plans");
        }
        runs += plans.size();
        return results;
    }

    private boolean outOfBudget() {
        return runs >= budget.maxRuns() || budget.stop().getAsBoolean();
    }

    /** Whether the run broke {@code invariant}. */
    public static boolean breaks(RunResult r, String invariant) {
        for (Violation v : r.violations()) {
            if (v.invariant().equals(invariant)) {
                return true;
            }
        }
        return false;
    }

    private static String firstInvariant(RunResult r) {
        return r.violations().isEmpty() ? null : r.violations().get(0).invariant();
    }

    private static String names(RunResult r) {
        if (r.violations().isEmpty()) {
            return "nothing";
        }
        List<String> out = new ArrayList<>();
        for (Violation v : r.violations()) {
            if (!out.contains(v.invariant())) {
                out.add(v.invariant());
            }
        }
        return String.join(", ", out);
    }
}
