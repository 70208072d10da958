package shardsim.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import shardsim.cli.explain.ExplainParams;
import shardsim.cli.explain.Explainer;
import shardsim.cli.explain.Explanation;
import shardsim.cli.io.PlanFile;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.run.SimulatedScenario;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.ScenarioPresentation;
import shardsim.core.trace.Micros;
import shardsim.core.trace.TraceEvent;

/**
 * The report's "when did the failure become inevitable": {@code sim explain} with its defaults on
 * the documented buggy run. A documented plan may script every timing, so that its continuations
 * are all one run; then the same plan with a jittered link (delays uniform from
 * {@link #JITTER_MIN_MICROS} to {@link #JITTER_MAX_MICROS}, nothing lost) is explained too, and
 * written next to the report as a plan file: it lets the network's order vary around the report's
 * own steps. The
 * curves follow from the code alone (a fixed K and grid, results in task order), so the section
 * is the same bytes on every machine and at any thread count.
 */
final class ExplainSection {
    static final long JITTER_MIN_MICROS = 50;
    static final long JITTER_MAX_MICROS = 2_000;
    static final String JITTERED_FILE = "jittered-documented.json";

    /** One explained run, or why there is none. */
    record Case(String label, String command, Explanation explanation, String why) {}

    private final Scenario scenario;
    private final List<Case> cases = new ArrayList<>();
    private CustomPlan jittered;

    ExplainSection(Scenario scenario, String mode, String documentedPlan) {
        this.scenario = scenario;
        String n = scenario.name();
        if (!(scenario instanceof SimulatedScenario<?, ?, ?> s)) {
            cases.add(new Case(
                    documentedPlan,
                    null,
                    null,
                    "the scenario is not built on the run skeleton, so it cannot be replayed to a point"));
            return;
        }
        RunSpec documented = RunRequest.builtIn(s, documentedPlan).spec(mode, 0);
        Case first = explain(
                s, documentedPlan, "./sim explain " + n + " --mode " + mode + " --plan " + documentedPlan, documented);
        cases.add(first);
        if (first.explanation() == null || !first.explanation().nothingRandom()) {
            // The documented run draws as it goes already: its own curve is the one to read.
            return;
        }
        try {
            jittered = s.planOf(documented)
                    .withSource(JITTERED_FILE)
                    .withLink(new LinkPolicy(
                            0,
                            0,
                            new Delay.Uniform(JITTER_MIN_MICROS, JITTER_MAX_MICROS),
                            LinkPolicy.DEFAULT_CAPACITY));
        } catch (UnsupportedOperationException e) {
            cases.add(new Case(
                    documentedPlan + ", jittered link", null, null, "the scenario cannot give its plan as data"));
            return;
        }
        cases.add(explain(
                s,
                documentedPlan + " with a jittered link (delays uniform from " + JITTER_MIN_MICROS + " to "
                        + JITTER_MAX_MICROS + " \u00b5s, nothing lost)",
                "./sim explain " + n + " --mode " + mode + " --plan reports/" + n + "/" + JITTERED_FILE,
                RunRequest.custom(s, jittered).spec(mode, 0)));
    }

    private static Case explain(SimulatedScenario<?, ?, ?> s, String label, String command, RunSpec spec) {
        try {
            RunSpec runnable = Explainer.runnable(s, spec);
            return new Case(
                    label,
                    command,
                    Explainer.search(
                            s,
                            Explainer.original(s, runnable, null),
                            ExplainParams.defaults(),
                            ForkJoinPool.commonPool(),
                            (c, r) -> {}),
                    null);
        } catch (IllegalArgumentException e) {
            return new Case(label, command, null, e.getMessage());
        }
    }

    /** The jittered plan, by file name, as {@code sim explain --plan} reads it. */
    Map<String, String> planFiles() {
        Map<String, String> out = new LinkedHashMap<>();
        if (jittered != null) {
            out.put(
                    JITTERED_FILE,
                    PlanFile.toJson(jittered, scenario.name(), 0L).toPrettyString() + "\n");
        }
        return out;
    }

    /** The curves as standalone SVG files for the Markdown, by file name. */
    Map<String, String> svgFiles() {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            if (cases.get(i).explanation() != null) {
                out.put(svgName(i), CurvePlot.standalone(cases.get(i).explanation()) + "\n");
            }
        }
        return out;
    }

    private static String svgName(int i) {
        return i == 0 ? "explain-documented.svg" : "explain-jittered.svg";
    }

    private static final String INTRO = "For each point of the run (an event number), K = " + ExplainParams.DEFAULT_K
            + " continuations replay the run exactly up to it, then go on with every random stream re-seeded (the plan's faults and workload kept);"
            + " the curve is the fraction that still break the same invariant. The point of no return is the earliest point from which at least 95% fail;"
            + " the steepest rise is where the curve climbs most between two neighbouring points. With K = "
            + ExplainParams.DEFAULT_K
            + " a fraction near 90% has a standard error of about "
            + Math.round(100 * Math.sqrt(0.9 * 0.1 / ExplainParams.DEFAULT_K))
            + " points, so a point of no return near the threshold can move by a few events with another grid or K.";

    String html() {
        StringBuilder b = new StringBuilder("<h2 id=\"explain\">When the failure became inevitable</h2>\n<p>")
                .append(Html.esc(INTRO))
                .append("</p>\n");
        for (Case c : cases) {
            b.append("<h3>").append(Html.esc(c.label())).append("</h3>\n");
            if (c.command() != null) {
                b.append("<pre>").append(Html.esc(c.command())).append("</pre>\n");
            }
            if (c.explanation() == null) {
                b.append("<p>Not explained: ").append(Html.esc(c.why())).append(".</p>\n");
                continue;
            }
            b.append(ExplainPage.section(c.explanation()));
            b.append("<p>").append(Html.esc(story(c.explanation()))).append("</p>\n");
        }
        if (!notes().isBlank()) {
            b.append("<h3>What the curves say</h3>\n");
            for (String para : notes().split("\n\\s*\n")) {
                b.append("<p>").append(RolloutSection.prose(para)).append("</p>\n");
            }
        }
        return b.toString();
    }

    String markdown() {
        StringBuilder b = new StringBuilder("## When the failure became inevitable\n\n")
                .append(Md.text(INTRO))
                .append("\n\n");
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            b.append("### ").append(Md.text(c.label())).append("\n\n");
            if (c.command() != null) {
                b.append("```\n").append(Md.fence(c.command())).append("\n```\n\n");
            }
            Explanation x = c.explanation();
            if (x == null) {
                b.append("Not explained: ").append(Md.text(c.why())).append(".\n\n");
                continue;
            }
            b.append("![the curve](").append(svgName(i)).append(")\n\n");
            b.append(Md.text(ExplainPage.summary(x))).append("\n\n");
            if (!x.decisive().isEmpty()) {
                b.append("The events between the point before it and the point of no return:\n\n")
                        .append(fence(x.decisive()));
            }
            if (x.jumpFrom() != null) {
                b.append(Md.text(ExplainPage.rise(x))).append("\n\n").append(fence(x.jumpEvents()));
            }
            b.append(Md.text(story(x))).append("\n\n");
        }
        if (!notes().isBlank()) {
            b.append("### What the curves say\n\n").append(notes()).append("\n\n");
        }
        return b.toString();
    }

    /** The scenario's own reading of its curves ({@link ScenarioPresentation#explainNotes()}), stripped. */
    private String notes() {
        return ScenarioPresentation.of(scenario).explainNotes().strip();
    }

    private static String fence(List<TraceEvent> events) {
        StringBuilder b = new StringBuilder("```\n");
        for (TraceEvent e : events) {
            b.append(Md.fence(e.render())).append('\n');
        }
        return b.append("```\n\n").toString();
    }

    /** The FAULT events of the original run before its violation, as the trace words them. */
    private static String scriptedFaults(Explanation x) {
        StringBuilder b = new StringBuilder();
        for (TraceEvent e : x.original().trace()) {
            if (e.eventNumber() > x.original().violation().eventNumber()) {
                break;
            }
            if (e.kind() == shardsim.core.trace.TraceKind.FAULT) {
                b.append(b.length() == 0 ? "" : "; ")
                        .append(e.detail())
                        .append(" at t=")
                        .append(Micros.format(e.timeMicros()));
            }
        }
        return b.toString();
    }

    /** The curve checked against the run's own story: where the point of no return falls relative to the violation and the plan's scripted steps. */
    static String story(Explanation x) {
        long violation = x.original().violation().timeMicros();
        if (x.noReturn() == null) {
            return "The curve never settles at 95% or more, so this run's failure stays a matter of chance up to its violation at t="
                    + Micros.format(violation) + ".";
        }
        if (x.beforeNoReturn() == null) {
            String faults = scriptedFaults(x);
            return (x.nothingRandom()
                            ? "Nothing here is left to chance: this plan scripts every timing, so each continuation is the original run and the plan itself seals the failure;"
                                    + " the curve cannot single out a step (the jittered link lets the network's order vary)."
                            : "The plan's scripted faults and workload seal the failure before the first event: whatever the run draws afterwards, at least 95% of the"
                                    + " continuations break " + x.invariant() + ".")
                    + (faults.isEmpty()
                            ? " The plan injects no fault before the violation."
                            : " Its faults before the violation: " + faults + ".")
                    + " The shrunk documented plan below keeps only the faults and operations the failure needs.";
        }
        return "The failure became inevitable at t="
                + Micros.format(x.noReturn().timeMicros()) + ", "
                + Micros.format(violation - x.noReturn().timeMicros()) + " of virtual time before " + x.invariant()
                + " broke at t=" + Micros.format(violation) + " (event "
                + x.original().violation().eventNumber() + ").";
    }
}
