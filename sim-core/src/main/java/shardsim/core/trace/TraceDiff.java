package shardsim.core.trace;

import java.util.List;
import java.util.Optional;

/** Compares two traces event by event and names the first place they part. */
public final class TraceDiff {
    private TraceDiff() {}

    /**
     * The first difference between two recorded traces.
     *
     * @param index position of the first differing event
     * @param first the event in the first trace (null if it ended there)
     * @param second the event in the second trace (null if it ended there)
     */
    public record Difference(long index, TraceEvent first, TraceEvent second) {
        public String describe() {
            return "traces differ at event #" + index + ":\n  first:  "
                    + (first == null ? "<end of trace>" : first.render()) + "\n  second: "
                    + (second == null ? "<end of trace>" : second.render());
        }
    }

    public static Optional<Difference> firstDifference(List<TraceEvent> a, List<TraceEvent> b) {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            if (!a.get(i).sameAs(b.get(i))) {
                return Optional.of(new Difference(i, a.get(i), b.get(i)));
            }
        }
        if (a.size() != b.size()) {
            return Optional.of(new Difference(n, n < a.size() ? a.get(n) : null, n < b.size() ? b.get(n) : null));
        }
        return Optional.empty();
    }
}
