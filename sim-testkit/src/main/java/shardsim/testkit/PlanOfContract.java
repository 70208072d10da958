package shardsim.testkit;

import java.util.List;
import java.util.Optional;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceDiff;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;

/**
 * The contract of {@link Scenario#planOf}: the plan it gives back, run as a custom plan, repeats
 * the run it came from. Compared: the full traces with PARAM lines left out (a custom run names
 * its plan and counts its parts differently), the violations, the event and message counts and
 * the final virtual time.
 */
public final class PlanOfContract {
    private PlanOfContract() {}

    /** Where a run of the spec's plan parted from the spec's own run, or empty if it did not. */
    public static Optional<String> difference(Scenario scenario, RunSpec spec) {
        Trace original = Trace.full();
        RunResult first = scenario.run(spec, original);
        CustomPlan plan = scenario.planOf(spec);
        Trace replay = Trace.full();
        RunResult second = scenario.run(RunSpec.custom(spec.scenario(), spec.mode(), plan, spec.seed()), replay);
        Optional<TraceDiff.Difference> diff = TraceDiff.firstDifference(withoutParams(original), withoutParams(replay));
        if (diff.isPresent()) {
            return Optional.of(Replay.command(spec) + ": " + diff.get().describe());
        }
        if (!first.violations().equals(second.violations())
                || first.events() != second.events()
                || first.messages() != second.messages()
                || first.virtualMicros() != second.virtualMicros()) {
            return Optional.of(Replay.command(spec) + ": equal traces, different results: " + first + " vs " + second);
        }
        return Optional.empty();
    }

    /** Throws an {@link AssertionError} naming the first difference, if there is one. */
    public static void assertRepeats(Scenario scenario, RunSpec spec) {
        difference(scenario, spec).ifPresent(d -> {
            throw new AssertionError(d);
        });
    }

    private static List<TraceEvent> withoutParams(Trace t) {
        return t.events().stream().filter(e -> e.kind() != TraceKind.PARAM).toList();
    }
}
