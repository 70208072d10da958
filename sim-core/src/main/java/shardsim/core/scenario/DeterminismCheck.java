package shardsim.core.scenario;

import java.util.Optional;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceDiff;

/**
 * Runs one seed twice and compares the two traces event by event (Accord's reconcile mode): the
 * report names the first event where the runs part, not just that the digests differ.
 */
public final class DeterminismCheck {
    private DeterminismCheck() {}

    /** Runs {@code spec} twice in this JVM and says where the two runs first differ, if they do. */
    public static Optional<TraceDiff.Difference> check(Scenario scenario, RunSpec spec) {
        Trace first = Trace.full();
        scenario.run(spec, first);
        Trace second = Trace.full();
        scenario.run(spec, second);
        Optional<TraceDiff.Difference> diff = TraceDiff.firstDifference(first.events(), second.events());
        if (diff.isEmpty() && first.digest() != second.digest()) {
            throw new IllegalStateException("equal traces with different digests");
        }
        return diff;
    }
}
