package shardsim.cli.explain;

import java.util.List;
import shardsim.core.trace.TraceEvent;

/**
 * What {@code sim explain} found.
 *
 * @param original the run explained
 * @param invariant the invariant whose failure is estimated
 * @param params the search's parameters
 * @param points every point evaluated, by event number
 * @param noReturn the point of no return: the earliest evaluated point from which every evaluated
 *     point has at least {@link ExplainParams#NO_RETURN} failing; null if none
 * @param beforeNoReturn the evaluated point just before it (null when it is the first)
 * @param lastUnlikely the last evaluated point below {@link ExplainParams#UNLIKELY}; null if none
 * @param decisive the trace events after {@code beforeNoReturn} up to {@code noReturn}, at most
 *     {@link Explainer#DECISIVE_EVENTS} (the last ones)
 * @param jumpFrom the evaluated point before the steepest rise (the largest increase between two
 *     neighbouring points, the earliest of equals); null when the fraction never rises
 * @param jumpTo the evaluated point after it
 * @param jumpEvents the trace events after {@code jumpFrom} up to {@code jumpTo}, at most
 *     {@link Explainer#DECISIVE_EVENTS} (the last ones)
 * @param runs continuations run in all
 */
public record Explanation(
        Original original,
        String invariant,
        ExplainParams params,
        List<CurvePoint> points,
        CurvePoint noReturn,
        CurvePoint beforeNoReturn,
        CurvePoint lastUnlikely,
        List<TraceEvent> decisive,
        CurvePoint jumpFrom,
        CurvePoint jumpTo,
        List<TraceEvent> jumpEvents,
        long runs) {

    /** True when no point's continuations differed from each other: the plan leaves nothing to chance at run time. */
    public boolean nothingRandom() {
        return points.stream().allMatch(p -> p.distinct() == 1);
    }
}
