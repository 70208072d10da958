package shardsim.cli.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import shardsim.core.coverage.Coverage;
import shardsim.core.coverage.CoverageTally;
import shardsim.core.coverage.StateSpace;
import shardsim.core.scenario.Scenario;

/**
 * The report's section "State coverage": how many of the scenario's abstract states and
 * transitions the fixed mode reached against the number of seeds, per plan (random, swarm, and
 * targeted where the scenario has it), as a table at a few seed counts and a plot. Seeds are added
 * in seed order, so the curve is the same bytes at any thread count. The fixed mode, because a
 * buggy run may stop at its first violation and a model without known bugs is where coverage
 * says what a sweep could still find.
 */
final class CoverageSection {
    /** The seed counts the table shows (those up to the report's seeds, and the report's seeds). */
    private static final long[] AT = {1, 10, 100, 300, 1_000};

    /** One plan's curve: after n seeds (n from 1), the distinct states and transitions reached. */
    record Curve(String plan, int[] states, int[] transitions, CoverageTally tally) {}

    private final Scenario scenario;
    private final String mode;
    private final List<Curve> curves = new ArrayList<>();
    private final List<StateSpace> spaces;

    /** @param byPlan per plan, each seed's coverage in seed order */
    CoverageSection(Scenario scenario, String mode, List<String> plans, List<List<Coverage>> byPlan) {
        this.scenario = scenario;
        this.mode = mode;
        for (int i = 0; i < plans.size(); i++) {
            curves.add(curve(plans.get(i), byPlan.get(i)));
        }
        this.spaces = curves.isEmpty() ? List.of() : curves.get(0).tally().spaces();
    }

    private static Curve curve(String plan, List<Coverage> seeds) {
        CoverageTally tally = new CoverageTally();
        int[] states = new int[seeds.size()];
        int[] transitions = new int[seeds.size()];
        for (int n = 0; n < seeds.size(); n++) {
            tally.add(seeds.get(n));
            states[n] = tally.stateCount();
            transitions[n] = tally.transitionCount();
        }
        return new Curve(plan, states, transitions, tally);
    }

    private boolean empty() {
        return spaces.isEmpty();
    }

    private int size() {
        int n = 0;
        for (StateSpace s : spaces) {
            n += s.size();
        }
        return n;
    }

    private String spacesText() {
        StringBuilder b = new StringBuilder();
        for (StateSpace s : spaces) {
            b.append(b.length() == 0 ? "" : "; ")
                    .append("per ")
                    .append(s.name())
                    .append(", ")
                    .append(s.size())
                    .append(" states: ");
            for (int i = 0; i < s.dimensions().size(); i++) {
                b.append(i == 0 ? "" : " \u00d7 ")
                        .append(s.dimensions().get(i).name())
                        .append(" (")
                        .append(String.join(", ", s.dimensions().get(i).values()))
                        .append(')');
            }
        }
        return b.toString();
    }

    private String intro() {
        return "What the " + mode + " mode reached of the scenario's abstraction of its state (" + spacesText()
                + "), against the seeds run, in seed order: "
                + "distinct abstract states / distinct transitions (an entity's state changing between two events) over the first n seeds of each plan. "
                + "Many combinations cannot happen at all, so no plan reaches every state; what matters is which plan reaches more, sooner.";
    }

    private String command() {
        return "./sim coverage " + scenario.name() + " --mode " + mode + " --plan PLAN --seeds 0.."
                + (curves.get(0).states().length - 1);
    }

    private List<Long> columns() {
        int seeds = curves.get(0).states().length;
        List<Long> out = new ArrayList<>();
        for (long n : AT) {
            if (n < seeds) {
                out.add(n);
            }
        }
        out.add((long) seeds);
        return out;
    }

    private static String cell(Curve c, long n) {
        return c.states()[(int) n - 1] + " / " + c.transitions()[(int) n - 1];
    }

    private int unreached(Curve c) {
        int n = 0;
        for (StateSpace s : spaces) {
            n += c.tally().unreached(s).size();
        }
        return n;
    }

    String markdown() {
        StringBuilder b = new StringBuilder("## State coverage\n\n");
        if (empty()) {
            return b.append("The scenario declares no abstraction of its state.\n\n")
                    .toString();
        }
        b.append(Md.text(intro()))
                .append(" `")
                .append(command())
                .append("` lists the states never reached and the rarest reached.\n\n| plan |");
        StringBuilder rule = new StringBuilder("|---|");
        for (long n : columns()) {
            b.append(' ').append(n).append(n == 1 ? " seed" : " seeds").append(" |");
            rule.append("---:|");
        }
        b.append(" never reached (of ")
                .append(size())
                .append(") |\n")
                .append(rule)
                .append("---:|\n");
        for (Curve c : curves) {
            b.append("| ").append(Md.cell(c.plan())).append(" |");
            for (long n : columns()) {
                b.append(' ').append(cell(c, n)).append(" |");
            }
            b.append(' ').append(unreached(c)).append(" |\n");
        }
        b.append("\n![distinct abstract states and transitions against seeds, per plan](coverage.svg)\n\n");
        return b.toString();
    }

    String html() {
        StringBuilder b = new StringBuilder("<h2 id=\"coverage\">State coverage</h2>\n");
        if (empty()) {
            return b.append("<p>The scenario declares no abstraction of its state.</p>\n")
                    .toString();
        }
        b.append("<p>")
                .append(Html.esc(intro()))
                .append(" <code>")
                .append(Html.esc(command()))
                .append("</code> lists the states never reached and the rarest reached.</p>\n<table><tr><th>plan</th>");
        for (long n : columns()) {
            b.append("<th>").append(n).append(n == 1 ? " seed" : " seeds").append("</th>");
        }
        b.append("<th>never reached (of ").append(size()).append(")</th></tr>\n");
        for (Curve c : curves) {
            b.append("<tr><td>").append(Html.esc(c.plan())).append("</td>");
            for (long n : columns()) {
                b.append("<td class=\"n\">").append(cell(c, n)).append("</td>");
            }
            b.append("<td class=\"n\">").append(unreached(c)).append("</td></tr>\n");
        }
        b.append("</table>\n").append(svg(false)).append('\n');
        return b.toString();
    }

    /** The plot as a standalone file for the Markdown, or nothing when there is no abstraction. */
    java.util.Map<String, String> svgFiles() {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        if (!empty()) {
            out.put("coverage.svg", svg(true) + "\n");
        }
        return out;
    }

    private static final String[] COLORS = {"#2563eb", "#ea580c", "#15803d", "#9333ea"};
    private static final int W = 900;
    private static final int H = 300;
    private static final int LEFT = 56;
    private static final int RIGHT = 150;
    private static final int TOP = 20;
    private static final int BOTTOM = 44;

    /** States (solid) and transitions (dashed) per plan against seeds on a log scale. */
    private String svg(boolean standalone) {
        int seeds = curves.get(0).states().length;
        int max = 1;
        for (Curve c : curves) {
            max = Math.max(max, Math.max(c.states()[seeds - 1], c.transitions()[seeds - 1]));
        }
        int top = niceTop(max);
        StringBuilder s = new StringBuilder(standalone ? "<svg xmlns=\"http://www.w3.org/2000/svg\"" : "<svg");
        s.append(String.format(
                Locale.ROOT,
                " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" font-family=\"monospace\" font-size=\"11\">",
                W,
                H,
                W,
                H));
        s.append("<title>")
                .append(Html.esc(
                        "distinct abstract states (solid) and transitions (dashed) against seeds, " + mode + " mode"))
                .append("</title>\n");
        if (standalone) {
            s.append(String.format(
                    Locale.ROOT, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>%n", W, H));
        }
        for (int i = 0; i <= 4; i++) {
            int v = top * i / 4;
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>",
                    LEFT,
                    W - RIGHT,
                    y(v, top),
                    y(v, top)));
            s.append(String.format(
                    Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>", LEFT - 6, y(v, top) + 4, v));
        }
        for (long n = 1; n <= seeds; n *= 10) {
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#333\"/>",
                    x(n, seeds),
                    x(n, seeds),
                    H - BOTTOM,
                    H - BOTTOM + 4));
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>",
                    x(n, seeds),
                    H - BOTTOM + 16,
                    n));
        }
        s.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#333\"/>",
                LEFT,
                W - RIGHT,
                H - BOTTOM,
                H - BOTTOM));
        s.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#333\"/>",
                LEFT,
                LEFT,
                TOP,
                H - BOTTOM));
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">seeds (log scale)</text>%n",
                (LEFT + W - RIGHT) / 2,
                H - 8));
        for (int i = 0; i < curves.size(); i++) {
            Curve c = curves.get(i);
            String color = COLORS[i % COLORS.length];
            s.append(path(c.states(), seeds, top, color, ""));
            s.append(path(c.transitions(), seeds, top, color, " stroke-dasharray=\"5 3\""));
            int ly = TOP + 14 + i * 32;
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>",
                    W - RIGHT + 12,
                    W - RIGHT + 36,
                    ly,
                    ly,
                    color));
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\">%s states</text>",
                    W - RIGHT + 40,
                    ly + 4,
                    Html.esc(c.plan())));
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>",
                    W - RIGHT + 12,
                    W - RIGHT + 36,
                    ly + 14,
                    ly + 14,
                    color));
            s.append(String.format(
                    Locale.ROOT, "<text x=\"%d\" y=\"%d\">transitions</text>%n", W - RIGHT + 40, ly + 18));
        }
        return s.append("</svg>").toString();
    }

    private static String path(int[] values, int seeds, int top, String color, String extra) {
        // The first seed, then the last seed of each pixel column; of a flat stretch only its ends: the file stays
        // small.
        List<int[]> pts = new ArrayList<>();
        for (int n = 1; n <= seeds; n++) {
            if (n > 1 && n < seeds && x(n + 1, seeds) == x(n, seeds)) {
                continue;
            }
            int[] p = {x(n, seeds), y(values[n - 1], top)};
            int k = pts.size();
            if (k >= 2 && pts.get(k - 1)[1] == p[1] && pts.get(k - 2)[1] == p[1]) {
                pts.set(k - 1, p);
            } else {
                pts.add(p);
            }
        }
        StringBuilder d = new StringBuilder();
        for (int[] p : pts) {
            d.append(d.length() == 0 ? "M" : " L").append(p[0]).append(',').append(p[1]);
        }
        return "<path d=\"" + d + "\" fill=\"none\" stroke=\"" + color + "\" stroke-width=\"1.6\"" + extra + "/>\n";
    }

    /** A top for the y axis that four grid lines divide into round numbers. */
    private static int niceTop(int max) {
        int unit = 1;
        while (unit * 100 <= max) {
            unit *= 10;
        }
        int step = 4 * unit;
        return (max + step - 1) / step * step;
    }

    private static int x(long n, int seeds) {
        double span = seeds <= 1 ? 1 : StrictMath.log10(seeds);
        return LEFT + (int) Math.round(StrictMath.log10(n) / span * (W - LEFT - RIGHT));
    }

    private static int y(int v, int top) {
        return H - BOTTOM - (int) Math.round((double) v / top * (H - TOP - BOTTOM));
    }
}
