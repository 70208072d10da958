package shardsim.cli.report;

import java.util.Locale;
import shardsim.cli.explain.CurvePoint;
import shardsim.cli.explain.ExplainParams;
import shardsim.cli.explain.Explanation;
import shardsim.core.trace.Micros;

/**
 * {@code sim explain}'s curve as an SVG plot: the fraction of failing continuations over the run's
 * virtual time, the same clock the space-time diagram's rows are labelled with (linear here, from 0
 * to the run's end), with the thresholds, the point of no return and the violation marked.
 */
public final class CurvePlot {
    private static final int W = 900;
    private static final int H = 280;
    private static final int LEFT = 56;
    private static final int RIGHT = 24;
    private static final int TOP = 24;
    private static final int BOTTOM = 44;
    private static final int TICKS = 6;

    static final String CSS = String.join(
            "\n",
            ".curve text{font:11px monospace;fill:#222}",
            ".curve .axis{stroke:#333;stroke-width:1}",
            ".curve .grid{stroke:#ddd;stroke-width:1}",
            ".curve .thr{stroke:#999;stroke-dasharray:5 4}",
            ".curve .line{stroke:#2563eb;stroke-width:1.6;fill:none}",
            ".curve .pt{fill:#2563eb}",
            ".curve .nr{stroke:#ea580c;stroke-width:2}",
            ".curve .nrtext{fill:#c2410c;font-weight:bold}",
            ".curve .viol{stroke:#dc2626;stroke-width:1.5;stroke-dasharray:2 2}",
            ".curve .violtext{fill:#b91c1c}");

    private CurvePlot() {}

    /** The plot as an {@code <svg>} element to inline in HTML. */
    public static String inline(Explanation x) {
        return render(x, false);
    }

    /** The plot as a standalone SVG file (for Markdown). */
    public static String standalone(Explanation x) {
        return render(x, true);
    }

    private static String render(Explanation x, boolean standalone) {
        long end = Math.max(1, x.original().result().virtualMicros());
        StringBuilder s = new StringBuilder();
        s.append("<svg class=\"curve\"");
        if (standalone) {
            s.append(" xmlns=\"http://www.w3.org/2000/svg\"");
        }
        s.append(String.format(
                Locale.ROOT, " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">", W, H, W, H));
        s.append("<title>")
                .append(Html.esc("P(" + x.invariant() + " fails | the run up to t), "
                        + x.params().k() + " continuations per point"))
                .append("</title>\n");
        if (standalone) {
            s.append("<style>").append(CSS).append("</style>\n");
            s.append(String.format(
                    Locale.ROOT, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>%n", W, H));
        }
        for (int i = 0; i <= 4; i++) {
            double f = i / 4.0;
            s.append(String.format(
                    Locale.ROOT,
                    "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
                    LEFT,
                    W - RIGHT,
                    y(f),
                    y(f)));
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d%%</text>",
                    LEFT - 6,
                    y(f) + 4,
                    i * 25));
        }
        for (double thr : new double[] {ExplainParams.UNLIKELY, ExplainParams.NO_RETURN}) {
            s.append(String.format(
                    Locale.ROOT,
                    "<line class=\"thr\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
                    LEFT,
                    W - RIGHT,
                    y(thr),
                    y(thr)));
        }
        for (int i = 0; i <= TICKS; i++) {
            long t = end * i / TICKS;
            s.append(String.format(
                    Locale.ROOT,
                    "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
                    x(t, end),
                    x(t, end),
                    H - BOTTOM,
                    H - BOTTOM + 4));
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>",
                    x(t, end),
                    H - BOTTOM + 16,
                    Html.esc(Micros.format(t))));
        }
        s.append(String.format(
                Locale.ROOT,
                "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
                LEFT,
                W - RIGHT,
                H - BOTTOM,
                H - BOTTOM));
        s.append(String.format(
                Locale.ROOT,
                "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
                LEFT,
                LEFT,
                TOP,
                H - BOTTOM));
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">virtual time</text>",
                (LEFT + W - RIGHT) / 2,
                H - 8));
        long vt = x.original().violation().timeMicros();
        s.append(String.format(
                Locale.ROOT,
                "<line class=\"viol\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
                x(vt, end),
                x(vt, end),
                TOP,
                H - BOTTOM));
        s.append(String.format(
                Locale.ROOT,
                "<text class=\"violtext\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>",
                x(vt, end) - 4,
                TOP + 10,
                Html.esc(x.invariant() + " at " + Micros.format(vt))));
        if (x.noReturn() != null) {
            long nt = x.noReturn().timeMicros();
            s.append(String.format(
                    Locale.ROOT,
                    "<line class=\"nr\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
                    x(nt, end),
                    x(nt, end),
                    TOP,
                    H - BOTTOM));
            s.append(String.format(
                    Locale.ROOT,
                    "<text class=\"nrtext\" x=\"%d\" y=\"%d\">%s</text>",
                    x(nt, end) + 4,
                    TOP + 24,
                    Html.esc("no return: event " + x.noReturn().event() + ", " + Micros.format(nt))));
        }
        StringBuilder path = new StringBuilder();
        for (CurvePoint c : x.points()) {
            path.append(path.length() == 0 ? "M" : " L")
                    .append(x(c.timeMicros(), end))
                    .append(',')
                    .append(y(c.fraction()));
        }
        s.append("<path class=\"line\" d=\"").append(path).append("\"/>\n");
        for (CurvePoint c : x.points()) {
            s.append(String.format(
                    Locale.ROOT,
                    "<circle class=\"pt\" cx=\"%d\" cy=\"%d\" r=\"3\"><title>%s</title></circle>",
                    x(c.timeMicros(), end),
                    y(c.fraction()),
                    Html.esc("event " + c.event() + " at " + Micros.format(c.timeMicros()) + ": " + c.failing() + "/"
                            + c.k() + " fail")));
        }
        s.append("</svg>");
        return s.toString();
    }

    private static int x(long t, long end) {
        return LEFT + (int) Math.round((double) t / end * (W - LEFT - RIGHT));
    }

    private static int y(double f) {
        return H - BOTTOM - (int) Math.round(f * (H - TOP - BOTTOM));
    }
}
