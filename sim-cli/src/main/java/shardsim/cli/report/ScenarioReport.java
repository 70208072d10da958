package shardsim.cli.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;
import shardsim.cli.sweep.SeedResult;
import shardsim.cli.sweep.SweepSummary;
import shardsim.core.check.Violation;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Micros;
import shardsim.core.trace.Trace;

/**
 * One scenario's report: the documented plan in the buggy and the fixed mode, with diagrams, and a
 * sweep of each mode. Everything in it follows from the scenario and the seed range, so it is
 * the same bytes on every machine and at any thread count (a sweep's counters and histograms do
 * not depend on the order seeds finish in).
 */
public final class ScenarioReport {
    /** The seeds each mode's sweep runs when none are given: 0..N-1. */
    public static final int DEFAULT_SEEDS = 300;

    /** A documented run with what its diagram needs. */
    public record Documented(RunResult result, RunCapture capture) {
    }

    /** A sweep of one mode. */
    public record Sweep(String mode, String plan, long first, long last, SweepSummary summary) {
    }

    private final Scenario scenario;
    private final String buggy;
    private final String fixed;
    private final String documentedPlan;
    private final Documented buggyRun;
    private final Documented fixedRun;
    private final Sweep buggySweep;
    private final Sweep fixedSweep;
    private final ShrunkSection shrunk;
    private final UpstreamSection upstreamSection;

    private ScenarioReport(Scenario scenario, int seeds) {
        this.scenario = scenario;
        this.buggy = scenario.modes().contains(Plans.BUGGY) ? Plans.BUGGY : scenario.modes().get(0);
        this.fixed = scenario.modes().contains(Plans.FIXED) ? Plans.FIXED : scenario.modes().get(Math.min(1, scenario.modes().size() - 1));
        this.documentedPlan = scenario.plans().contains(Plans.DOCUMENTED) ? Plans.DOCUMENTED : scenario.plans().get(0);
        String sweepPlan = scenario.plans().contains(Plans.RANDOM) ? Plans.RANDOM : scenario.plans().get(0);
        this.buggyRun = documented(buggy);
        this.fixedRun = documented(fixed);
        this.buggySweep = sweep(buggy, sweepPlan, seeds);
        this.fixedSweep = sweep(fixed, sweepPlan, seeds);
        java.util.TreeSet<Long> failing = buggySweep.summary().firstFailing();
        this.shrunk = new ShrunkSection(scenario, buggy, sweepPlan, failing.isEmpty() ? null : failing.first(), documentedPlan);
        this.upstreamSection = new UpstreamSection(scenario);
    }

    /** Runs everything the report shows. */
    public static ScenarioReport of(Scenario scenario, int seeds) {
        if (seeds < 1) {
            throw new IllegalArgumentException("a sweep needs at least one seed: " + seeds);
        }
        return new ScenarioReport(scenario, seeds);
    }

    private Documented documented(String mode) {
        RunCapture cap = new RunCapture();
        RunResult r = scenario.run(new RunSpec(scenario.name(), mode, documentedPlan, 0), Trace.digestOnly().addListener(cap));
        return new Documented(r, cap);
    }

    private Sweep sweep(String mode, String plan, int seeds) {
        SweepSummary summary = new SweepSummary();
        LongStream.range(0, seeds).parallel().forEach(seed -> {
            SeedResult r = SeedResult.of(scenario.run(new RunSpec(scenario.name(), mode, plan, seed)), 0);
            synchronized (summary) {
                summary.add(r, false);
            }
        });
        return new Sweep(mode, plan, 0, seeds - 1L, summary);
    }

    public Scenario scenario() {
        return scenario;
    }

    public Documented buggyRun() {
        return buggyRun;
    }

    public Documented fixedRun() {
        return fixedRun;
    }

    public Sweep buggySweep() {
        return buggySweep;
    }

    public Sweep fixedSweep() {
        return fixedSweep;
    }

    private Map<String, String> invariantMeanings() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String inv : scenario.invariants()) {
            int colon = inv.indexOf(':');
            out.put(colon > 0 ? inv.substring(0, colon).trim() : inv, colon > 0 ? inv.substring(colon + 1).trim() : "");
        }
        return out;
    }

    private boolean caughtInDocumented(String invariant) {
        for (Violation v : buggyRun.result().violations()) {
            if (v.invariant().equals(invariant)) {
                return true;
            }
        }
        return false;
    }

    /** The commands that regenerate this report, or its parts. */
    List<String> commands() {
        String n = scenario.name();
        return List.of(
                "./sim report                      # every scenario's report, and reports/README.md",
                "./sim report --check              # exit 1 if reports/ differs from what the code produces",
                "./sim run " + n + " --mode " + buggy + " --plan " + documentedPlan + " --html " + buggy + ".html",
                "./sim run " + n + " --mode " + fixed + " --plan " + documentedPlan + " --html " + fixed + ".html",
                "./sim sweep " + n + " --mode " + buggy + " --plan " + buggySweep.plan() + " --seeds " + buggySweep.first() + ".." + buggySweep.last(),
                "./sim sweep " + n + " --mode " + fixed + " --plan " + fixedSweep.plan() + " --seeds " + fixedSweep.first() + ".." + fixedSweep.last());
    }

    // ---- HTML ---------------------------------------------------------------------------------

    public String html() {
        StringBuilder b = new StringBuilder();
        b.append("<h1>").append(Html.esc(scenario.name())).append("</h1>\n");
        b.append("<p>").append(Html.esc(scenario.summary())).append("</p>\n");
        if (!scenario.upstream().isEmpty()) {
            b.append("<p>Upstream report: ").append(Html.esc(scenario.upstream())).append("</p>\n");
        }
        b.append("<p>Contents: <a href=\"#invariants\">invariants</a> \u00b7 <a href=\"#buggy\">").append(Html.esc(buggy))
                .append(" run</a> \u00b7 <a href=\"#fixed\">").append(Html.esc(fixed)).append(" run</a> \u00b7 ")
                .append(upstreamSection.hasLog() ? "<a href=\"#log\">the report's log</a> \u00b7 " : "")
                .append(upstreamSection.hasFidelity() ? "<a href=\"#fidelity\">fidelity</a> \u00b7 " : "")
                .append("<a href=\"#sweeps\">sweeps</a> \u00b7 <a href=\"#shrunk\">shrunk failures</a> \u00b7 ")
                .append("<a href=\"#latencies\">latencies</a> \u00b7 <a href=\"#regenerate\">regenerate</a></p>\n");
        b.append("<h2 id=\"invariants\">Invariants</h2>\n<table><tr><th>invariant</th><th>meaning</th><th>").append(Html.esc(buggy))
                .append(" / ").append(Html.esc(documentedPlan)).append("</th><th>").append(Html.esc(buggy)).append(" sweep</th><th>")
                .append(Html.esc(fixed)).append(" sweep</th></tr>\n");
        TreeMap<String, Long> bugged = buggySweep.summary().byInvariant();
        TreeMap<String, Long> fixedBy = fixedSweep.summary().byInvariant();
        for (Map.Entry<String, String> inv : invariantMeanings().entrySet()) {
            String k = inv.getKey();
            b.append("<tr><td><b>").append(Html.esc(k)).append("</b></td><td>").append(Html.esc(inv.getValue())).append("</td><td>")
                    .append(caughtInDocumented(k) ? "<span class=\"bad\">violated</span>" : "held").append("</td><td class=\"n\">")
                    .append(bugged.getOrDefault(k, 0L)).append("</td><td class=\"n\">").append(fixedBy.getOrDefault(k, 0L)).append("</td></tr>\n");
        }
        b.append("</table>\n");
        b.append("<h2 id=\"buggy\">Mode ").append(Html.esc(buggy)).append(", plan ").append(Html.esc(documentedPlan)).append("</h2>\n");
        b.append(RunSection.html(buggyRun.result(), buggyRun.capture(), "d-" + buggy));
        b.append("<h2 id=\"fixed\">Mode ").append(Html.esc(fixed)).append(", plan ").append(Html.esc(documentedPlan)).append("</h2>\n");
        b.append(RunSection.html(fixedRun.result(), fixedRun.capture(), "d-" + fixed));
        b.append(upstreamSection.html());
        b.append("<h2 id=\"sweeps\">Sweeps</h2>\n");
        b.append("<table><tr><th>mode</th><th>plan</th><th>seeds</th><th>failing</th><th>seeds to the first failure</th><th>first failing seeds</th><th>failing runs by invariant</th></tr>\n");
        for (Sweep s : List.of(buggySweep, fixedSweep)) {
            SweepSummary sum = s.summary();
            b.append("<tr><td>").append(Html.esc(s.mode())).append("</td><td>").append(Html.esc(s.plan())).append("</td><td>")
                    .append(s.first()).append("..").append(s.last()).append(" (").append(sum.runs()).append(")</td><td class=\"n\">")
                    .append(fraction(sum)).append("</td><td class=\"n\">").append(toFirst(s)).append("</td><td>")
                    .append(Html.esc(firstSeeds(sum))).append("</td><td>").append(Html.esc(byInvariant(sum))).append("</td></tr>\n");
        }
        b.append("</table>\n<p>Each run stops at its first violation (every invariant the same event broke is counted).</p>\n");
        b.append(shrunk.html());
        b.append("<h2 id=\"latencies\">Latencies in virtual time</h2>\n");
        for (Sweep s : List.of(buggySweep, fixedSweep)) {
            b.append("<h3>").append(Html.esc(s.mode())).append(", ").append(Html.esc(s.plan())).append(", seeds ").append(s.first()).append("..")
                    .append(s.last()).append("</h3>\n").append(percentilesHtml(s.summary()));
        }
        b.append("<h2 id=\"regenerate\">Regenerate</h2>\n<pre>");
        for (String c : commands()) {
            b.append(Html.esc(c)).append('\n');
        }
        b.append("</pre>\n<p>The sweeps run seeds ").append(buggySweep.first()).append("..").append(buggySweep.last())
                .append(" of each mode; <code>--seeds N</code> changes the count. Nothing here depends on the machine: the files are the same bytes everywhere.</p>\n");
        return Page.wrap("shardsim report: " + scenario.name(), b.toString());
    }

    private static String percentilesHtml(SweepSummary sum) {
        TreeMap<String, Histogram> metrics = sum.metrics();
        if (metrics.isEmpty()) {
            return "<p>No latency samples.</p>\n";
        }
        StringBuilder b = new StringBuilder("<table><tr><th>metric</th><th>samples</th>");
        for (double p : SweepSummary.percentiles()) {
            b.append("<th>p").append(SweepSummary.percentileLabel(p)).append("</th>");
        }
        b.append("<th>max</th></tr>\n");
        for (Map.Entry<String, Histogram> e : metrics.entrySet()) {
            Histogram h = e.getValue();
            b.append("<tr><td>").append(Html.esc(e.getKey())).append("</td><td class=\"n\">").append(h.getTotalCount()).append("</td>");
            for (double p : SweepSummary.percentiles()) {
                b.append("<td class=\"n\">").append(Micros.format(h.getValueAtPercentile(p))).append("</td>");
            }
            b.append("<td class=\"n\">").append(Micros.format(h.getMaxValue())).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    static String fraction(SweepSummary sum) {
        if (sum.runs() == 0) {
            return "0";
        }
        return sum.failing() + " (" + String.format(java.util.Locale.ROOT, "%.1f%%", 100.0 * sum.failing() / sum.runs()) + ")";
    }

    static String toFirst(Sweep s) {
        return s.summary().failing() == 0 ? "none failed" : Long.toString(s.summary().firstFailing().first() - s.first() + 1);
    }

    static String firstSeeds(SweepSummary sum) {
        if (sum.failing() == 0) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        for (long seed : sum.firstFailing()) {
            b.append(b.length() == 0 ? "" : ", ").append(seed);
        }
        return b.toString();
    }

    static String byInvariant(SweepSummary sum) {
        if (sum.byInvariant().isEmpty()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        sum.byInvariant().forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
        return b.toString();
    }

    // ---- Markdown -----------------------------------------------------------------------------

    /** The report as Markdown, for a code host: the diagrams are the SVG files next to it. */
    public String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("# ").append(Md.text(scenario.name())).append("\n\n");
        b.append("<!-- Generated by ./sim report; do not edit. -->\n\n");
        b.append(Md.text(scenario.summary())).append("\n\n");
        if (!scenario.upstream().isEmpty()) {
            b.append("Upstream report: ").append(Md.text(scenario.upstream())).append("\n\n");
        }
        b.append("The full report with the diagrams inline: [index.html](index.html) (one self-contained file; open it locally).\n\n");
        b.append("## Invariants\n\n| invariant | meaning | ").append(Md.cell(buggy + " / " + documentedPlan)).append(" | ")
                .append(Md.cell(buggy)).append(" sweep | ").append(Md.cell(fixed)).append(" sweep |\n|---|---|---|---:|---:|\n");
        TreeMap<String, Long> bugged = buggySweep.summary().byInvariant();
        TreeMap<String, Long> fixedBy = fixedSweep.summary().byInvariant();
        for (Map.Entry<String, String> inv : invariantMeanings().entrySet()) {
            String k = inv.getKey();
            b.append("| **").append(Md.cell(k)).append("** | ").append(Md.cell(inv.getValue())).append(" | ")
                    .append(caughtInDocumented(k) ? "**violated**" : "held").append(" | ").append(bugged.getOrDefault(k, 0L)).append(" | ")
                    .append(fixedBy.getOrDefault(k, 0L)).append(" |\n");
        }
        b.append('\n');
        runMarkdown(b, buggy, buggyRun);
        runMarkdown(b, fixed, fixedRun);
        b.append(upstreamSection.markdown());
        b.append("## Sweeps\n\n| mode | plan | seeds | failing | seeds to the first failure | first failing seeds | failing runs by invariant |\n|---|---|---|---:|---:|---|---|\n");
        for (Sweep s : List.of(buggySweep, fixedSweep)) {
            SweepSummary sum = s.summary();
            b.append("| ").append(Md.cell(s.mode())).append(" | ").append(Md.cell(s.plan())).append(" | ").append(s.first()).append("..").append(s.last())
                    .append(" (").append(sum.runs()).append(") | ").append(fraction(sum)).append(" | ").append(toFirst(s)).append(" | ")
                    .append(Md.cell(firstSeeds(sum))).append(" | ").append(Md.cell(byInvariant(sum))).append(" |\n");
        }
        b.append("\nEach run stops at its first violation (every invariant the same event broke is counted).\n\n");
        b.append(shrunk.markdown());
        b.append("## Latencies in virtual time\n\n");
        for (Sweep s : List.of(buggySweep, fixedSweep)) {
            b.append("### ").append(Md.text(s.mode())).append(", ").append(Md.text(s.plan())).append(", seeds ").append(s.first()).append("..").append(s.last()).append("\n\n");
            TreeMap<String, Histogram> metrics = s.summary().metrics();
            if (metrics.isEmpty()) {
                b.append("No latency samples.\n\n");
                continue;
            }
            b.append("| metric | samples |");
            StringBuilder rule = new StringBuilder("|---|---:|");
            for (double p : SweepSummary.percentiles()) {
                b.append(" p").append(SweepSummary.percentileLabel(p)).append(" |");
                rule.append("---:|");
            }
            b.append(" max |\n").append(rule).append("---:|\n");
            for (Map.Entry<String, Histogram> e : metrics.entrySet()) {
                Histogram h = e.getValue();
                b.append("| ").append(Md.cell(e.getKey())).append(" | ").append(h.getTotalCount()).append(" |");
                for (double p : SweepSummary.percentiles()) {
                    b.append(' ').append(Micros.format(h.getValueAtPercentile(p))).append(" |");
                }
                b.append(' ').append(Micros.format(h.getMaxValue())).append(" |\n");
            }
            b.append('\n');
        }
        b.append("## Regenerate\n\n```\n");
        for (String c : commands()) {
            b.append(c).append('\n');
        }
        b.append("```\n");
        return b.toString();
    }

    private void runMarkdown(StringBuilder b, String mode, Documented d) {
        RunResult r = d.result();
        b.append("## Mode ").append(Md.text(mode)).append(", plan ").append(Md.text(documentedPlan)).append("\n\n");
        b.append("`./").append(r.spec().command()).append("`: ").append(r.ok() ? "every check held" : "**violated**").append(" (")
                .append(r.events()).append(" events, virtual time ").append(Micros.format(r.virtualMicros())).append(", digest `").append(r.digestHex()).append("`)\n\n");
        if (!r.ok()) {
            b.append("```\n");
            for (Violation v : r.violations()) {
                b.append(Md.fence(v.invariant() + " at t=" + Micros.format(v.timeMicros()) + " (event " + v.eventNumber() + "): " + v.message())).append('\n');
            }
            b.append("```\n\n");
            Map<String, List<shardsim.core.trace.TraceEvent>> states = d.capture().involvedStates();
            if (!states.isEmpty()) {
                b.append("State of the actors involved at the first violation:\n\n```\n");
                states.forEach((actor, notes) -> {
                    for (shardsim.core.trace.TraceEvent s : notes) {
                        b.append(Md.fence(actor + " @" + Micros.format(s.timeMicros()) + ": " + s.detail())).append('\n');
                    }
                });
                b.append("```\n\n");
            }
        }
        b.append("![space-time diagram of the ").append(Md.text(mode)).append(" run](").append(mode).append(".svg)\n\n");
        b.append("<details><summary>Key events").append(r.ok() ? " (the end of the run)" : " up to the first violation").append(" as text</summary>\n\n```\n");
        for (String line : RunSection.keyEvents(d.capture(), 40)) {
            b.append(Md.fence(line)).append('\n');
        }
        b.append("```\n\n</details>\n\n");
    }

    /** The SVG files the Markdown shows, by file name. */
    /** The shrunk plans, by file name, to write next to the report. */
    public Map<String, String> planFiles() {
        return shrunk.planFiles();
    }

    public Map<String, String> svgFiles() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(buggy + ".svg", SpaceTime.standalone(buggyRun.capture(), "d-" + buggy) + "\n");
        out.put(fixed + ".svg", SpaceTime.standalone(fixedRun.capture(), "d-" + fixed) + "\n");
        return out;
    }

    /** One line of the index: scenario, documented verdicts, sweep fractions. */
    String indexRow() {
        return "| [" + Md.cell(scenario.name()) + "](" + scenario.name() + "/README.md) ([html](" + scenario.name() + "/index.html)) | "
                + Md.cell(scenario.description()) + " | " + verdict(buggyRun.result()) + " | " + verdict(fixedRun.result()) + " | "
                + fraction(buggySweep.summary()) + " | " + fraction(fixedSweep.summary()) + " |";
    }

    private static String verdict(RunResult r) {
        if (r.ok()) {
            return "held";
        }
        StringBuilder b = new StringBuilder("violated:");
        for (Violation v : r.violations()) {
            b.append(' ').append(Md.cell(v.invariant()));
        }
        return b.toString();
    }

    /** reports/README.md. */
    public static String index(List<ScenarioReport> reports, int seeds) {
        StringBuilder b = new StringBuilder("# Reproduction reports\n\n<!-- Generated by ./sim report; do not edit. -->\n\n");
        b.append("One folder per scenario: `README.md` (renders here) and `index.html` (one self-contained page with the space-time diagrams inline).\n");
        b.append("Each shows the documented plan in the buggy mode (the violation, a diagram of the run up to it, the state of the actors involved)\n");
        b.append("and in the fixed mode (passing), a sweep of seeds 0..").append(seeds - 1).append(" of each mode, and latency percentiles in virtual time.\n\n");
        b.append("| scenario | the bug | buggy, documented | fixed, documented | buggy sweep failing | fixed sweep failing |\n|---|---|---|---|---:|---:|\n");
        for (ScenarioReport r : reports) {
            b.append(r.indexRow()).append('\n');
        }
        b.append("\nRegenerate with `./sim report`; `./sim report --check` (run by `.ci/run`) fails if these files differ from what the code produces.\n");
        return b.toString();
    }
}
