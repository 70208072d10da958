package shardsim.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import shardsim.cli.io.PlanFile;
import shardsim.cli.shrink.ParallelShrink;
import shardsim.cli.upgrades.OrderTally;
import shardsim.cli.upgrades.UpgradeSweep;
import shardsim.cli.upgrades.UpgradeText;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.rollout.Order;
import shardsim.core.rollout.Outcome;
import shardsim.core.rollout.Rollout;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.ScenarioPresentation;
import shardsim.core.shrink.ShrinkBudget;
import shardsim.core.shrink.ShrinkResult;
import shardsim.core.trace.Micros;

/**
 * The report's section "Rolling out the fix": {@code sim upgrades} from the buggy to the fixed
 * code over the report's seeds, as a table and a plot of the failing fraction per order split by
 * window, the scenario's own words ({@link ScenarioPresentation#rolloutNotes()}), and for each unsafe order
 * its smallest failing seed and shrunk plan as files next to the report. Shrinks run two
 * candidates at a time under a run budget only, so the section is the same bytes everywhere.
 */
final class RolloutSection {
    /** Most runs one unsafe order's shrink may take; a shrink that hits it says so. */
    static final int MAX_SHRINK_RUNS = 1_000;

    private static final int BATCH = 2;

    /** An unsafe order's smallest failing seed and its shrink (null with the reason when it could not shrink). */
    record Unsafe(OrderTally tally, String planFile, String shrunkFile, ShrinkResult shrunk, String why) {}

    private final Scenario scenario;
    private final String from;
    private final String to;
    private final String plan;
    private final UpgradeSweep.Result result;
    private final String missing;
    private final List<Unsafe> unsafe = new ArrayList<>();

    RolloutSection(Scenario scenario, String from, String to, int seeds) {
        this.scenario = scenario;
        this.from = from;
        this.to = to;
        this.plan = scenario.plans().contains(Plans.RANDOM)
                ? Plans.RANDOM
                : scenario.plans().get(0);
        RunSpec first = RunRequest.builtIn(scenario, plan).spec(from, 0);
        Map<String, List<String>> roles = scenario.rolloutRoles(first);
        if (from.equals(to) || roles.isEmpty() || scenario.faultWindow(first).isEmpty()) {
            this.result = null;
            this.missing = from.equals(to)
                    ? "the scenario has one code only"
                    : !scenario.unrollableRoles(first).isEmpty() && roles.isEmpty()
                            ? String.join("; ", scenario.unrollableRoles(first).values())
                            : "the scenario does not say its roles or when its faults fall";
            return;
        }
        this.missing = null;
        UpgradeSweep sweep = new UpgradeSweep(scenario, plan, from, to, Order.of(roles));
        this.result = sweep.run(0, seeds - 1L, Runtime.getRuntime().availableProcessors(), () -> false, ok -> {});
        for (OrderTally t : result.tallies()) {
            if (t.failingInRollout() > 0) {
                unsafe.add(shrink(t));
            }
        }
    }

    private Unsafe shrink(OrderTally t) {
        Outcome o = t.smallest();
        long seed = o.rollout().spec().seed();
        String planFile = "rollout-" + t.order().name() + "-seed-" + seed + ".json";
        String shrunkFile = "rollout-" + t.order().name() + "-seed-" + seed + "-shrunk.json";
        CustomPlan start = o.rollout().spec().custom().withSource(shrunkFile);
        try {
            ShrinkResult r = ParallelShrink.shrink(
                    scenario,
                    from,
                    seed,
                    start,
                    o.first().invariant(),
                    ShrinkBudget.runs(MAX_SHRINK_RUNS),
                    BATCH,
                    (runs, f, ops) -> {});
            return new Unsafe(t, planFile, shrunkFile, r, null);
        } catch (IllegalArgumentException e) {
            return new Unsafe(t, planFile, null, null, e.getMessage());
        }
    }

    private String command() {
        return "./sim upgrades " + scenario.name() + " --from " + from + " --to " + to + " --plan " + plan + " --seeds "
                + result.first() + ".." + (result.first() + result.seeds() - 1);
    }

    private String runCommand(String file) {
        return "./sim run " + scenario.name() + " --mode " + from + " --plan reports/" + scenario.name() + "/" + file;
    }

    /** The plan files of the smallest failing seeds and their shrinks, by file name. */
    Map<String, String> planFiles() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Unsafe u : unsafe) {
            Outcome o = u.tally().smallest();
            long seed = o.rollout().spec().seed();
            out.put(
                    u.planFile(),
                    PlanFile.toJson(o.rollout().spec().custom().withSource(u.planFile()), scenario.name(), seed)
                                    .toPrettyString()
                            + "\n");
            if (u.shrunk() != null) {
                out.put(
                        u.shrunkFile(),
                        PlanFile.toJson(u.shrunk().shrunk(), scenario.name(), seed)
                                        .toPrettyString() + "\n");
            }
        }
        return out;
    }

    /** The plot as a file, when there is one. */
    Map<String, String> svgFiles() {
        Map<String, String> out = new LinkedHashMap<>();
        if (result != null) {
            out.put("rollout.svg", svg(true) + "\n");
        }
        return out;
    }

    private String intro() {
        return "Every node starts on the " + from + " code; each order restarts the nodes on the " + to
                + " code, with gaps drawn from the seed, inside the run's fault window, "
                + "over the seed's own " + plan
                + " plan (its faults and workload). A run counts in the window of its first violation of an invariant the fix claims: before the first step, "
                + "in the mixed window (first to last step), or after the last step (a rollback ends on the old code again). Not on old code: failing from the first step on "
                + "while the same plan with every step a restart on the " + from
                + " code (the same restarts at the same times, no code change) holds; an order with any is unsafe, "
                + "and the shrunk plan shows which code changes the failure needs. Clean: every step applied and no such violation. Measured with `"
                + (result == null ? "" : command()) + "`; docs/figures.md gives the larger runs, with their commands.";
    }

    private List<String> listing(Unsafe u) {
        List<String> out = new ArrayList<>();
        Outcome o = u.tally().smallest();
        out.add("smallest failing seed " + o.rollout().spec().seed() + ": "
                + o.first().invariant() + " at t=" + Micros.format(o.first().timeMicros()) + ", "
                + o.window().label() + " (steps " + Micros.format(o.rollout().firstStepMicros()) + ".."
                + Micros.format(o.rollout().lastStepMicros()) + "); the same restarts on the "
                + from + " code " + (o.oldCodeHolds() ? "hold" : "fail too"));
        out.add("its steps: " + o.rollout().order().describe());
        out.add(runCommand(u.planFile()));
        if (u.shrunk() == null) {
            out.add("not shrunk: " + u.why());
            return out;
        }
        ShrinkResult r = u.shrunk();
        out.add("shrunk to " + r.shrunk().faults().size() + " faults and "
                + r.shrunk().operationCount() + " operations in " + r.runs() + " runs"
                + (r.minimal() ? " (minimal)" : " (budget ran out: not known minimal)")
                + "; the upgrades and downgrades it keeps:");
        boolean any = false;
        for (TimedFault f : r.shrunk().faults().faults()) {
            if (f.fault() instanceof NodeFault.CodeChange) {
                out.add("  t=" + Micros.format(f.atMicros()) + "  " + f.fault());
                any = true;
            }
        }
        if (!any) {
            out.add("  none: the failure needs no code change (it is the old code's own bug)");
        }
        for (var v : r.shrunkRun().violations()) {
            out.add("-> " + v.render());
        }
        out.add(runCommand(u.shrunkFile()));
        return out;
    }

    String markdown() {
        StringBuilder b = new StringBuilder("## Rolling out the fix\n\n");
        if (!notes().isBlank()) {
            b.append(notes().strip()).append("\n\n");
        }
        if (result == null) {
            return b.append("No rollout measured: ")
                    .append(Md.text(missing))
                    .append(".\n\n")
                    .toString();
        }
        b.append(intro()).append("\n\n");
        b.append(
                "| order | steps | seeds | failing before the first step | in the mixed window | after the last step | not on old code | clean | verdict |\n|---|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (OrderTally t : result.tallies()) {
            b.append("| ")
                    .append(Md.cell(t.order().name()))
                    .append(" | ")
                    .append(Md.cell(t.order().summary()))
                    .append(" | ")
                    .append(t.runs())
                    .append(" | ")
                    .append(UpgradeText.share(t.failing(Rollout.Window.BEFORE), t.runs()))
                    .append(" | ")
                    .append(UpgradeText.share(t.failing(Rollout.Window.MIXED), t.runs()))
                    .append(" | ")
                    .append(UpgradeText.share(t.failing(Rollout.Window.AFTER), t.runs()))
                    .append(" | ")
                    .append(UpgradeText.share(t.introduced(), t.runs()))
                    .append(" | ")
                    .append(UpgradeText.share(t.clean(), t.runs()))
                    .append(" | ")
                    .append(Md.cell(UpgradeText.verdict(t)))
                    .append(" |\n");
        }
        b.append("\n![failing fraction per order, by window](rollout.svg)\n\n");
        for (Unsafe u : unsafe) {
            b.append(u.tally().safe() ? "### Old code's failure: " : "### Unsafe: ")
                    .append(Md.text(u.tally().order().name()))
                    .append(" (plan [")
                    .append(u.planFile())
                    .append("](")
                    .append(u.planFile())
                    .append(")")
                    .append(u.shrunkFile() == null ? "" : ", shrunk [" + u.shrunkFile() + "](" + u.shrunkFile() + ")")
                    .append(")\n\n```\n");
            for (String line : listing(u)) {
                b.append(Md.fence(line)).append('\n');
            }
            b.append("```\n\n");
        }
        return b.toString();
    }

    String html() {
        StringBuilder b = new StringBuilder("<h2 id=\"rollout\">Rolling out the fix</h2>\n");
        for (String para : notes().strip().split("\n\\s*\n")) {
            if (!para.isBlank()) {
                b.append("<p>").append(prose(para)).append("</p>\n");
            }
        }
        if (result == null) {
            return b.append("<p>No rollout measured: ")
                    .append(Html.esc(missing))
                    .append(".</p>\n")
                    .toString();
        }
        b.append("<p>").append(prose(intro())).append("</p>\n");
        b.append(
                "<table><tr><th>order</th><th>steps</th><th>seeds</th><th>failing before the first step</th><th>in the mixed window</th><th>after the last step</th><th>not on old code</th><th>clean</th><th>verdict</th></tr>\n");
        for (OrderTally t : result.tallies()) {
            b.append("<tr><td>")
                    .append(Html.esc(t.order().name()))
                    .append("</td><td>")
                    .append(Html.esc(t.order().summary()))
                    .append("</td><td class=\"n\">")
                    .append(t.runs())
                    .append("</td><td class=\"n\">")
                    .append(UpgradeText.share(t.failing(Rollout.Window.BEFORE), t.runs()))
                    .append("</td><td class=\"n\">")
                    .append(UpgradeText.share(t.failing(Rollout.Window.MIXED), t.runs()))
                    .append("</td><td class=\"n\">")
                    .append(UpgradeText.share(t.failing(Rollout.Window.AFTER), t.runs()))
                    .append("</td><td class=\"n\">")
                    .append(UpgradeText.share(t.introduced(), t.runs()))
                    .append("</td><td class=\"n\">")
                    .append(UpgradeText.share(t.clean(), t.runs()))
                    .append("</td><td")
                    .append(t.safe() ? " class=\"ok\">" : " class=\"bad\">")
                    .append(Html.esc(UpgradeText.verdict(t)))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n").append(svg(false)).append('\n');
        for (Unsafe u : unsafe) {
            b.append(u.tally().safe() ? "<h3>Old code's failure: " : "<h3>Unsafe: ")
                    .append(Html.esc(u.tally().order().name()))
                    .append(", plan <code>")
                    .append(Html.esc(u.planFile()))
                    .append("</code>")
                    .append(u.shrunkFile() == null ? "" : ", shrunk <code>" + Html.esc(u.shrunkFile()) + "</code>")
                    .append("</h3>\n<pre>");
            for (String line : listing(u)) {
                b.append(Html.esc(line)).append('\n');
            }
            b.append("</pre>\n");
        }
        return b.toString();
    }

    private String notes() {
        return ScenarioPresentation.of(scenario).rolloutNotes();
    }

    /** Author prose to HTML: escaped, with {@code `code`} and {@code **bold**}. */
    static String prose(String text) {
        String s = Html.esc(text.replace('\n', ' '));
        s = s.replaceAll("`([^`]+)`", "<code>$1</code>");
        return s.replaceAll("\\*\\*([^*]+)\\*\\*", "<b>$1</b>");
    }

    /** A bar per order: the share of seeds failing before, in the mixed window and after, stacked. */
    private String svg(boolean standalone) {
        int rowH = 22;
        int labelW = 130;
        int barW = 420;
        int top = 24;
        int h = top + rowH * result.tallies().size() + 34;
        int w = labelW + barW + 20;
        StringBuilder b = new StringBuilder();
        // Inline in a page the namespace is implied (and the page names no address); a file needs it.
        b.append(standalone ? "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" : "<svg width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" viewBox=\"0 0 ")
                .append(w)
                .append(' ')
                .append(h)
                .append(
                        "\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\" aria-label=\"failing fraction per rollout order, by window\">");
        if (standalone) {
            b.append("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>");
        }
        b.append("<text x=\"")
                .append(labelW)
                .append("\" y=\"14\">failing seeds, by the window of the first violation (")
                .append(result.seeds())
                .append(" seeds per order)</text>");
        String[] colours = {"#9ca3af", "#f59e0b", "#b91c1c"};
        int y = top;
        for (OrderTally t : result.tallies()) {
            b.append("<text x=\"")
                    .append(labelW - 6)
                    .append("\" y=\"")
                    .append(y + 14)
                    .append("\" text-anchor=\"end\">")
                    .append(Html.esc(t.order().name()))
                    .append("</text>");
            b.append("<rect x=\"")
                    .append(labelW)
                    .append("\" y=\"")
                    .append(y + 3)
                    .append("\" width=\"")
                    .append(barW)
                    .append("\" height=\"")
                    .append(rowH - 6)
                    .append("\" fill=\"#f3f4f6\"/>");
            double x = labelW;
            for (Rollout.Window win : Rollout.Window.values()) {
                double share = t.runs() == 0 ? 0 : (double) t.failing(win) / t.runs();
                double width = share * barW;
                if (width > 0) {
                    b.append("<rect x=\"")
                            .append(fmt(x))
                            .append("\" y=\"")
                            .append(y + 3)
                            .append("\" width=\"")
                            .append(fmt(width))
                            .append("\" height=\"")
                            .append(rowH - 6)
                            .append("\" fill=\"")
                            .append(colours[win.ordinal()])
                            .append("\"><title>")
                            .append(win.label())
                            .append(": ")
                            .append(t.failing(win))
                            .append(" of ")
                            .append(t.runs())
                            .append("</title></rect>");
                }
                x += width;
            }
            y += rowH;
        }
        b.append("<text x=\"")
                .append(labelW)
                .append("\" y=\"")
                .append(y + 12)
                .append("\">0%</text><text x=\"")
                .append(labelW + barW)
                .append("\" y=\"")
                .append(y + 12)
                .append("\" text-anchor=\"end\">100%</text>");
        int lx = labelW + 60;
        for (Rollout.Window win : Rollout.Window.values()) {
            b.append("<rect x=\"")
                    .append(lx)
                    .append("\" y=\"")
                    .append(y + 20)
                    .append("\" width=\"10\" height=\"10\" fill=\"")
                    .append(colours[win.ordinal()])
                    .append("\"/>");
            String label = win == Rollout.Window.BEFORE
                    ? "before the first step"
                    : win == Rollout.Window.MIXED ? "mixed window" : "after the last step";
            b.append("<text x=\"")
                    .append(lx + 14)
                    .append("\" y=\"")
                    .append(y + 29)
                    .append("\">")
                    .append(label)
                    .append("</text>");
            lx += 110;
        }
        return b.append("</svg>").toString();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
