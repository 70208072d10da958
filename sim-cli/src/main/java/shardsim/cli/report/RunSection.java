package shardsim.cli.report;

import java.util.List;
import java.util.Map;
import shardsim.cli.base.Reproduce;
import shardsim.cli.verdict.VerdictText;
import shardsim.core.check.Violation;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.Verdict;
import shardsim.core.trace.Micros;
import shardsim.core.trace.TraceEvent;

/**
 * One run on a page: what ran and how to get it back, the verdict, each violation, the state of
 * the actors involved, the diagram and the parameters. Used by {@code sim run --html} and by the
 * scenario reports, so both show a run the same way.
 */
public final class RunSection {
    private RunSection() {}

    /** The page {@code sim run --html FILE} writes. */
    public static String page(RunResult r, Verdict verdict, RunCapture cap) {
        String title = r.spec().scenario() + " / " + r.spec().mode() + " / "
                + r.spec().plan() + " / seed " + r.spec().seed();
        return Page.wrap("shardsim run: " + title, "<h1>" + Html.esc(title) + "</h1>\n" + html(r, verdict, cap, "run"));
    }

    /** The section's HTML; {@code id} keeps the diagram's ids unique on the page. */
    public static String html(RunResult r, Verdict verdict, RunCapture cap, String id) {
        StringBuilder b = new StringBuilder();
        b.append("<p>Reproduce: <code>./")
                .append(Html.esc(Reproduce.command(r.spec())))
                .append("</code></p>\n");
        b.append("<p>Result: ")
                .append(verdict.claimsHold() ? "<span class=\"ok\">" : "<span class=\"bad\">")
                .append(Html.esc(VerdictText.headline(verdict)))
                .append("</span>")
                .append(" \u2014 ")
                .append(r.events())
                .append(" events, ")
                .append(r.traceEvents())
                .append(" trace events, virtual time ")
                .append(Micros.format(r.virtualMicros()))
                .append(", trace digest <code>")
                .append(r.digestHex())
                .append("</code></p>\n");
        if (!r.ok()) {
            b.append(
                    "<table><tr><th>invariant</th><th>verdict</th><th>virtual time</th><th>event</th><th>message</th></tr>\n");
            for (Violation v : r.violations()) {
                b.append("<tr><td><b>")
                        .append(Html.esc(v.invariant()))
                        .append("</b></td><td>")
                        .append(Html.esc(VerdictText.label(verdict, v)))
                        .append("</td><td>")
                        .append(Micros.format(v.timeMicros()))
                        .append("</td><td class=\"n\">")
                        .append(v.eventNumber())
                        .append("</td><td>")
                        .append(Html.esc(v.message()))
                        .append("</td></tr>\n");
            }
            b.append("</table>\n");
            Map<String, List<TraceEvent>> states = cap.involvedStates();
            if (!states.isEmpty()) {
                b.append(
                        "<p>State of the actors involved at the first violation (their last notes in the trace):</p>\n");
                b.append("<table><tr><th>actor</th><th>virtual time</th><th>note</th></tr>\n");
                for (Map.Entry<String, List<TraceEvent>> e : states.entrySet()) {
                    if (e.getValue().isEmpty()) {
                        b.append("<tr><td>")
                                .append(Html.esc(e.getKey()))
                                .append("</td><td></td><td>(no notes)</td></tr>\n");
                    }
                    for (TraceEvent s : e.getValue()) {
                        b.append("<tr><td>")
                                .append(Html.esc(e.getKey()))
                                .append("</td><td>")
                                .append(Micros.format(s.timeMicros()))
                                .append("</td><td>")
                                .append(Html.esc(s.detail()))
                                .append("</td></tr>\n");
                    }
                }
                b.append("</table>\n");
            }
        }
        b.append("<p>")
                .append(cap.firstViolation() == null ? "The whole run" : "The run up to the first violation")
                .append(": ")
                .append(cap.events())
                .append(" events on ")
                .append(cap.lanes().size())
                .append(" lanes")
                .append(cap.omitted() > 0 ? ", " + cap.omitted() + " of them in the collapsed middle band" : "")
                .append(".</p>\n");
        b.append(legend());
        b.append("<div class=\"diagram\">").append(SpaceTime.inline(cap, id)).append("</div>\n");
        b.append("<details><summary>Parameters (").append(r.params().size()).append(")</summary>\n<table>\n");
        for (Map.Entry<String, String> p : r.params().entrySet()) {
            b.append("<tr><td>")
                    .append(Html.esc(p.getKey()))
                    .append("</td><td><code>")
                    .append(Html.esc(p.getValue()))
                    .append("</code></td></tr>\n");
        }
        b.append("</table></details>\n");
        return b.toString();
    }

    static String legend() {
        return "<p class=\"legend\"><span>\u2192 message (send to delivery)</span><span style=\"color:#d97706\">- - duplicate copy</span>"
                + "<span style=\"color:#7c3aed\">\u2501 slow (over twice the median delay)</span><span style=\"color:#dc2626\">\u2715 dropped</span>"
                + "<span style=\"color:#ea580c\">\u25c6 fault</span><span style=\"color:#2563eb\">\u25cf state note</span>"
                + "<span>\u25cb timer</span><span style=\"color:#777\">\u25a0 task</span><span>\u2715 crash, <span style=\"color:#16a34a\">\u25b2</span> restart, grey band: down</span>"
                + "<span style=\"color:#ea580c\">orange band: partitioned or clogged</span><span style=\"color:#b91c1c\">red row: violation</span>"
                + "<span>dashed line: a quiet stretch of virtual time</span></p>\n";
    }

    /** The key events in text, for Markdown: the last {@code n} drawn, timers and tasks aside. */
    public static List<String> keyEvents(RunCapture cap, int n) {
        List<String> lines = new java.util.ArrayList<>();
        for (TraceEvent e : cap.drawn()) {
            switch (e.kind()) {
                case TIMER, TASK_QUEUED, TASK_DONE, VERDICT -> {}
                default -> lines.add(Html.clip(e.render(), 200));
            }
        }
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }
}
