package shardsim.cli.explain;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import shardsim.cli.io.Text;
import shardsim.core.trace.Micros;
import shardsim.core.trace.TraceEvent;

/** {@code sim explain}'s result for people: the curve, the point of no return with its events, the last unlikely point. */
public final class ExplainText {
    private static final int BAR = 40;

    private ExplainText() {}

    /** The run and the search's parameters, printed before any work. */
    public static void parameters(PrintStream out, Original o, ExplainParams p, int threads, String points) {
        var spec = o.spec();
        out.println("explain " + spec.scenario() + "  mode " + spec.mode() + "  plan " + Text.oneLine(spec.plan())
                + "  seed " + spec.seed());
        out.println("parameters:");
        out.println("  k = " + p.k() + " continuations per point, re-seeded from (seed, point, k)");
        out.println("  points = " + points);
        out.println("  thresholds = no return at " + pct(ExplainParams.NO_RETURN) + ", unlikely below "
                + pct(ExplainParams.UNLIKELY));
        out.println("  threads = " + threads);
        out.println(
                "  re-drawn = the run's random streams from each point on (network delays, losses and copies, every node's and model's draws);"
                        + " the plan (its link, faults, operations and their times) is kept as written");
        for (Map.Entry<String, String> e : o.result().params().entrySet()) {
            out.println("  " + Text.oneLine(e.getKey()) + " = " + Text.oneLine(e.getValue()));
        }
        out.println("original: " + o.result().events() + " events, digest "
                + o.result().digestHex() + ", " + o.violation().invariant() + " first broken at t="
                + Micros.format(o.violation().timeMicros()) + " (event "
                + o.violation().eventNumber() + "): "
                + Text.oneLine(o.violation().message()));
        out.flush();
    }

    public static void body(PrintStream out, Explanation x, String command) {
        body(out, x, command, null);
    }

    /**
     * The curve and its points; {@code jitterCommand}, when not null, is the same explanation with
     * the plan's link delays jittered, offered when the plan itself scripts the failure.
     */
    public static void body(PrintStream out, Explanation x, String command, String jitterCommand) {
        out.println("P(" + x.invariant() + " fails | the run through event e), each of k = "
                + x.params().k() + " continuations:");
        out.printf("  %8s  %16s  %8s  %s%n", "event", "virtual time", "failing", "");
        for (CurvePoint c : x.points()) {
            String bar = "#".repeat((int) Math.round(c.fraction() * BAR));
            String mark = c == x.noReturn()
                    ? "  <- point of no return"
                    : c == x.lastUnlikely() ? "  <- last below " + pct(ExplainParams.UNLIKELY) : "";
            out.printf(
                    Locale.ROOT,
                    "  %8d  %16s  %3d/%-4d  %-" + BAR + "s%s%n",
                    c.event(),
                    Micros.format(c.timeMicros()),
                    c.failing(),
                    c.k(),
                    bar,
                    mark);
        }
        if (x.nothingRandom()) {
            out.println(
                    "every point's continuations were one and the same run: nothing this plan does at run time is random (its timings are scripted),"
                            + " so the outcome is sealed by the plan itself");
        }
        if (x.noReturn() == null) {
            out.println("point of no return: none (the last point evaluated has fewer than "
                    + pct(ExplainParams.NO_RETURN) + " failing)");
        } else if (x.beforeNoReturn() == null) {
            out.println("point of no return: event " + x.noReturn().event() + " (t="
                    + Micros.format(x.noReturn().timeMicros()) + "), the first point evaluated: "
                    + pct(x.noReturn().fraction()) + " fail from the start");
        } else {
            CurvePoint b = x.beforeNoReturn();
            CurvePoint n = x.noReturn();
            out.println("point of no return: event " + n.event() + " at t=" + Micros.format(n.timeMicros()) + " ("
                    + pct(n.fraction()) + " fail; after event " + b.event() + " at t=" + Micros.format(b.timeMicros())
                    + ", " + pct(b.fraction()) + ")");
            out.println("the events that sealed it (events " + (b.event() + 1) + " to " + n.event()
                    + (x.decisive().size() == Explainer.DECISIVE_EVENTS
                            ? ", the last " + Explainer.DECISIVE_EVENTS
                            : "")
                    + "):");
            for (TraceEvent e : x.decisive()) {
                out.println("  " + Text.oneLine(e.render()));
            }
        }
        if (x.jumpFrom() != null) {
            CurvePoint a = x.jumpFrom();
            CurvePoint b = x.jumpTo();
            out.println("steepest rise: " + pct(a.fraction()) + " after event " + a.event() + " (t="
                    + Micros.format(a.timeMicros()) + ") to " + pct(b.fraction()) + " after event "
                    + b.event() + " (t=" + Micros.format(b.timeMicros()) + "), events " + (a.event() + 1) + " to "
                    + b.event()
                    + (x.jumpEvents().size() == Explainer.DECISIVE_EVENTS
                            ? " (the last " + Explainer.DECISIVE_EVENTS + ")"
                            : "")
                    + ":");
            for (TraceEvent e : x.jumpEvents()) {
                out.println("  " + Text.oneLine(e.render()));
            }
        }
        if (x.lastUnlikely() == null) {
            out.println("last point where the failure was unlikely (below " + pct(ExplainParams.UNLIKELY)
                    + "): none, it was likely at every point");
        } else {
            out.println("last point where the failure was unlikely (below " + pct(ExplainParams.UNLIKELY) + "): event "
                    + x.lastUnlikely().event() + " at t="
                    + Micros.format(x.lastUnlikely().timeMicros()) + " ("
                    + pct(x.lastUnlikely().fraction()) + ")");
        }
        boolean certainFromStart = x.noReturn() != null && x.beforeNoReturn() == null;
        if (x.nothingRandom() || certainFromStart) {
            out.println(
                    "the plan scripts this failure: re-drawing the run's random streams does not change it, since its faults, operations and timings are"
                            + " the plan's own"
                            + (jitterCommand == null
                                    ? ""
                                    : "; to see which timings matter, explain it with the plan's link delays jittered: "
                                            + jitterCommand));
        }
        out.println(x.runs() + " continuations run");
        out.println("reproduce: " + command);
    }

    static String pct(double f) {
        return String.format(Locale.ROOT, "%.0f%%", f * 100);
    }
}
