package shardsim.cli.report;

import java.util.Locale;
import shardsim.cli.explain.CurvePoint;
import shardsim.cli.explain.Explanation;
import shardsim.core.trace.Micros;
import shardsim.core.trace.TraceEvent;

/** {@code sim explain --html}: the curve, the points as a table, the decisive events and the original run's space-time diagram. */
public final class ExplainPage {
    private ExplainPage() {}

    public static String page(Explanation x, String command) {
        var spec = x.original().spec();
        StringBuilder b = new StringBuilder();
        b.append("<style>").append(CurvePlot.CSS).append("</style>\n");
        b.append("<h1>")
                .append(Html.esc("sim explain " + spec.scenario() + " " + spec.mode() + " " + spec.plan() + " seed "
                        + spec.seed()))
                .append("</h1>\n");
        b.append("<p><code>").append(Html.esc(command)).append("</code></p>\n");
        b.append(section(x));
        b.append("<h2>The original run</h2>\n");
        RunCapture cap = new RunCapture();
        for (TraceEvent e : x.original().trace()) {
            cap.onEvent(e);
        }
        b.append("<div class=\"diagram\">")
                .append(SpaceTime.inline(cap, "explain"))
                .append("</div>\n");
        return Page.wrap("sim explain " + spec.scenario(), b.toString());
    }

    /** The curve, its table and the point of no return with its events, as HTML (also a report's section body). */
    static String section(Explanation x) {
        StringBuilder b = new StringBuilder();
        b.append("<div>").append(CurvePlot.inline(x)).append("</div>\n");
        b.append("<p>").append(Html.esc(summary(x))).append("</p>\n");
        if (!x.decisive().isEmpty()) {
            b.append("<p>The events between the point before it and the point of no return:</p>\n")
                    .append(pre(x.decisive()));
        }
        if (x.jumpFrom() != null) {
            b.append("<p>").append(Html.esc(rise(x))).append("</p>\n").append(pre(x.jumpEvents()));
        }
        b.append("<table><tr><th>event</th><th>virtual time</th><th>failing</th></tr>\n");
        for (CurvePoint c : x.points()) {
            b.append(String.format(
                    Locale.ROOT,
                    "<tr><td class=\"n\">%d</td><td class=\"n\">%s</td><td class=\"n\">%d/%d</td></tr>%n",
                    c.event(),
                    Html.esc(Micros.format(c.timeMicros())),
                    c.failing(),
                    c.k()));
        }
        b.append("</table>\n");
        return b.toString();
    }

    private static String pre(java.util.List<TraceEvent> events) {
        StringBuilder b = new StringBuilder("<pre>");
        for (TraceEvent e : events) {
            b.append(Html.esc(e.render())).append('\n');
        }
        return b.append("</pre>\n").toString();
    }

    /** The steepest rise of the curve, in one sentence. */
    public static String rise(Explanation x) {
        CurvePoint a = x.jumpFrom();
        CurvePoint b = x.jumpTo();
        return String.format(
                Locale.ROOT,
                "The steepest rise: from %d to %d of %d failing between event %d (t=%s) and event %d (t=%s), over these events:",
                a.failing(),
                b.failing(),
                b.k(),
                a.event(),
                Micros.format(a.timeMicros()),
                b.event(),
                Micros.format(b.timeMicros()));
    }

    /** One paragraph: where the point of no return is, and the last point where failure was unlikely. */
    public static String summary(Explanation x) {
        StringBuilder s = new StringBuilder();
        if (x.nothingRandom()) {
            s.append(
                    "Every continuation was the same run as the original: nothing this plan does at run time is random, so the plan alone seals the outcome. ");
        }
        if (x.noReturn() == null) {
            s.append("No point of no return: the last point evaluated has fewer than 95% failing. ");
        } else if (x.beforeNoReturn() == null) {
            s.append(String.format(
                    Locale.ROOT,
                    "Point of no return: event %d (t=%s), the first point evaluated, %d of %d continuations fail. ",
                    x.noReturn().event(),
                    Micros.format(x.noReturn().timeMicros()),
                    x.noReturn().failing(),
                    x.noReturn().k()));
        } else {
            CurvePoint n = x.noReturn();
            CurvePoint p = x.beforeNoReturn();
            s.append(String.format(
                    Locale.ROOT,
                    "Point of no return: event %d at t=%s, %d of %d continuations fail (after event %d at t=%s: %d of %d). ",
                    n.event(),
                    Micros.format(n.timeMicros()),
                    n.failing(),
                    n.k(),
                    p.event(),
                    Micros.format(p.timeMicros()),
                    p.failing(),
                    p.k()));
        }
        if (x.lastUnlikely() == null) {
            s.append("The failure was likely (at least 50%) at every point.");
        } else {
            s.append(String.format(
                    Locale.ROOT,
                    "Last point where it was unlikely (below 50%%): event %d at t=%s, %d of %d.",
                    x.lastUnlikely().event(),
                    Micros.format(x.lastUnlikely().timeMicros()),
                    x.lastUnlikely().failing(),
                    x.lastUnlikely().k()));
        }
        return s.toString();
    }
}
