package shardsim.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.cli.io.PlanFile;
import shardsim.cli.shrink.ParallelShrink;
import shardsim.core.fault.TimedFault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.shrink.ShrinkBudget;
import shardsim.core.shrink.ShrinkResult;
import shardsim.core.trace.Micros;
import shardsim.core.workload.TimedOperation;

/**
 * The report's shrunk failures: the buggy sweep's smallest failing seed and the documented plan,
 * each cut down by {@code sim shrink}, with the shrunk plans as files next to the report. The
 * shrinks run two candidates at a time under a run budget only, so the section is the same
 * bytes on every machine.
 */
final class ShrunkSection {
    /** Far above what any scenario here needs (a few hundred runs); a shrink that hits it says so. */
    static final int MAX_RUNS = 20_000;

    private static final int BATCH = 2;

    /** One shrink: what it started from, and the result (null when there was nothing to shrink, with the reason). */
    record Case(String label, String fileName, String command, ShrinkResult result, String why) {}

    private final Scenario scenario;
    private final String mode;
    private final List<Case> cases = new ArrayList<>();

    ShrunkSection(Scenario scenario, String mode, String sweepPlan, Long smallestFailingSeed, String documentedPlan) {
        this.scenario = scenario;
        this.mode = mode;
        if (smallestFailingSeed == null) {
            cases.add(new Case(sweepPlan + ", smallest failing seed", null, null, null, "no seed of the sweep failed"));
        } else {
            cases.add(shrink(
                    sweepPlan + " seed " + smallestFailingSeed,
                    "shrunk-" + sweepPlan + "-seed-" + smallestFailingSeed + ".json",
                    RunRequest.builtIn(scenario, sweepPlan).spec(mode, smallestFailingSeed)));
        }
        cases.add(shrink(
                documentedPlan,
                "shrunk-" + documentedPlan + ".json",
                RunRequest.builtIn(scenario, documentedPlan).spec(mode, 0)));
    }

    private Case shrink(String label, String fileName, RunSpec spec) {
        String command = "./sim shrink " + scenario.name() + " --mode " + mode + " --plan " + spec.plan() + " --seed "
                + spec.seed();
        CustomPlan start;
        try {
            start = scenario.planOf(spec).withSource(fileName);
        } catch (UnsupportedOperationException e) {
            return new Case(label, null, command, null, "the scenario cannot give its plan as data");
        }
        try {
            ShrinkResult r = ParallelShrink.shrink(
                    scenario, mode, spec.seed(), start, null, ShrinkBudget.runs(MAX_RUNS), BATCH, (runs, f, o) -> {});
            return new Case(label, fileName, command, r, null);
        } catch (IllegalArgumentException e) {
            return new Case(label, null, command, null, e.getMessage());
        }
    }

    /** The shrunk plans, by file name, as {@code sim run --plan} reads them. */
    Map<String, String> planFiles() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Case c : cases) {
            if (c.result() != null) {
                long seed = c.result().shrunkRun().spec().seed();
                out.put(
                        c.fileName(),
                        PlanFile.toJson(c.result().shrunk(), scenario.name(), seed)
                                        .toPrettyString() + "\n");
            }
        }
        return out;
    }

    private static String size(CustomPlan p, RunResult r) {
        return p.faults().size() + " | " + p.operationCount() + " | " + r.messages() + " | " + r.events();
    }

    private static String verdict(ShrinkResult r) {
        String shape = r.shrunk().faults().size() == r.original().faults().size()
                        && r.shrunk().operationCount() == r.original().operationCount()
                ? "shrank to itself"
                : "smaller";
        return shape + (r.minimal() ? ", minimal" : ", budget ran out (not known minimal)");
    }

    private List<String> listing(ShrinkResult r) {
        List<String> out = new ArrayList<>();
        var l = r.shrunk().link();
        out.add("link      loss " + l.lossProbability() + ", duplication " + l.duplicateProbability() + ", delay "
                + l.delay());
        for (TimedFault f : r.shrunk().faults().faults()) {
            out.add("fault     t=" + Micros.format(f.atMicros()) + "  " + f.fault());
        }
        for (TimedOperation o : r.shrunk().workload().operations()) {
            out.add("operation t=" + Micros.format(o.atMicros()) + "  " + o.operation());
        }
        for (var v : r.shrunkRun().violations()) {
            out.add("-> " + v.render());
        }
        return out;
    }

    String markdown() {
        StringBuilder b = new StringBuilder("## Shrunk failures\n\n");
        b.append(
                        "`sim shrink` cuts a failing run down to the faults and workload operations it needs (delta debugging, a lasting fault kept with its end), ")
                .append("keeping the same invariant failing. Sizes before and after:\n\n");
        b.append(
                "| run | kept failing | | faults | operations | messages | events | runs | result |\n|---|---|---|---:|---:|---:|---:|---:|---|\n");
        for (Case c : cases) {
            if (c.result() == null) {
                b.append("| ")
                        .append(Md.cell(c.label()))
                        .append(" | | | | | | | | ")
                        .append(Md.cell(c.why()))
                        .append(" |\n");
                continue;
            }
            ShrinkResult r = c.result();
            b.append("| ")
                    .append(Md.cell(c.label()))
                    .append(" | ")
                    .append(Md.cell(r.invariant()))
                    .append(" | before | ")
                    .append(size(r.original(), r.originalRun()))
                    .append(" | | |\n");
            b.append("| | | after | ")
                    .append(size(r.shrunk(), r.shrunkRun()))
                    .append(" | ")
                    .append(r.runs())
                    .append(" | ")
                    .append(verdict(r))
                    .append(" |\n");
        }
        b.append('\n');
        for (Case c : cases) {
            if (c.result() == null) {
                continue;
            }
            b.append("### ")
                    .append(Md.text(c.label()))
                    .append(", shrunk: [")
                    .append(c.fileName())
                    .append("](")
                    .append(c.fileName())
                    .append(")\n\n```\n");
            b.append(c.command()).append('\n');
            for (String line : listing(c.result())) {
                b.append(line).append('\n');
            }
            b.append("./sim run ")
                    .append(scenario.name())
                    .append(" --mode ")
                    .append(mode)
                    .append(" --plan reports/")
                    .append(scenario.name())
                    .append('/')
                    .append(c.fileName())
                    .append('\n');
            b.append("```\n\n");
        }
        return b.toString();
    }

    String html() {
        StringBuilder b = new StringBuilder("<h2 id=\"shrunk\">Shrunk failures</h2>\n");
        b.append(
                "<p><code>sim shrink</code> cuts a failing run down to the faults and workload operations it needs, keeping the same invariant failing.</p>\n");
        b.append(
                "<table><tr><th>run</th><th>kept failing</th><th></th><th>faults</th><th>operations</th><th>messages</th><th>events</th><th>runs</th><th>result</th></tr>\n");
        for (Case c : cases) {
            if (c.result() == null) {
                b.append("<tr><td>")
                        .append(Html.esc(c.label()))
                        .append("</td><td colspan=\"8\">")
                        .append(Html.esc(c.why()))
                        .append("</td></tr>\n");
                continue;
            }
            ShrinkResult r = c.result();
            b.append("<tr><td>")
                    .append(Html.esc(c.label()))
                    .append("</td><td>")
                    .append(Html.esc(r.invariant()))
                    .append("</td><td>before</td>")
                    .append(cells(r.original(), r.originalRun()))
                    .append("<td></td><td></td></tr>\n");
            b.append("<tr><td></td><td></td><td>after</td>")
                    .append(cells(r.shrunk(), r.shrunkRun()))
                    .append("<td class=\"n\">")
                    .append(r.runs())
                    .append("</td><td>")
                    .append(Html.esc(verdict(r)))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
        for (Case c : cases) {
            if (c.result() == null) {
                continue;
            }
            // The page links nowhere outside itself: the plan file is named, not linked.
            b.append("<h3>")
                    .append(Html.esc(c.label()))
                    .append(", shrunk: <code>")
                    .append(Html.esc(c.fileName()))
                    .append("</code></h3>\n<pre>")
                    .append(Html.esc(c.command()))
                    .append('\n');
            for (String line : listing(c.result())) {
                b.append(Html.esc(line)).append('\n');
            }
            b.append("</pre>\n");
        }
        return b.toString();
    }

    private static String cells(CustomPlan p, RunResult r) {
        return "<td class=\"n\">" + p.faults().size() + "</td><td class=\"n\">" + p.operationCount()
                + "</td><td class=\"n\">" + r.messages() + "</td><td class=\"n\">" + r.events() + "</td>";
    }
}
