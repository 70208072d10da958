package shardsim.scenarios.splitstall;

import java.util.List;
import java.util.Optional;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceDiff;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;

/**
 * Runs a spec, then the plan {@code planOf} gives for it, and says how the two runs differ:
 * the full traces with PARAM lines left out (a custom run names its plan and counts differently),
 * the violations, the event and message counts and the final virtual time.
 */
final class PlanEquivalence {
    private PlanEquivalence() {
    }

    /** Where a replay of the spec's plan parted from the spec's own run, or empty if it did not. */
    static Optional<String> difference(SplitStallScenario scenario, RunSpec spec) {
        Trace original = Trace.full();
        RunResult first = scenario.run(spec, original);
        CustomPlan plan = scenario.planOf(spec);
        Trace replay = Trace.full();
        RunResult second = scenario.run(RunSpec.custom(spec.scenario(), spec.mode(), plan, spec.seed()), replay);
        Optional<TraceDiff.Difference> diff = TraceDiff.firstDifference(withoutParams(original), withoutParams(replay));
        if (diff.isPresent()) {
            return Optional.of(spec.command() + ": " + diff.get().describe());
        }
        if (!first.violations().equals(second.violations()) || first.events() != second.events() || first.messages() != second.messages()
                || first.virtualMicros() != second.virtualMicros()) {
            return Optional.of(spec.command() + ": equal traces, different results: " + first + " vs " + second);
        }
        return Optional.empty();
    }

    private static List<TraceEvent> withoutParams(Trace t) {
        return t.events().stream().filter(e -> e.kind() != TraceKind.PARAM).toList();
    }
}
