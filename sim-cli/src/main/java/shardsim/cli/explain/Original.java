package shardsim.cli.explain;

import java.util.List;
import shardsim.core.check.Violation;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.TraceEvent;

/**
 * The failing run being explained, as it ran.
 *
 * @param spec what ran (a plan that aims faults is given as data: see {@link Explainer})
 * @param result its result
 * @param violation its first violation of the invariant explained
 * @param trace every trace event of the run
 */
public record Original(RunSpec spec, RunResult result, Violation violation, List<TraceEvent> trace) {

    /** The virtual time of event {@code event} (0 before the first). */
    public long timeOf(long event) {
        long t = 0;
        for (TraceEvent e : trace) {
            if (e.eventNumber() > event) {
                break;
            }
            t = e.timeMicros();
        }
        return t;
    }

    /** The trace events of event numbers {@code from} to {@code to}, both included. */
    public List<TraceEvent> events(long from, long to) {
        return trace.stream()
                .filter(e -> e.eventNumber() >= from && e.eventNumber() <= to)
                .toList();
    }
}
