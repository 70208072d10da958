package shardsim.cli.report;

import java.util.List;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.Scenario;

/**
 * The parts of a report that set the model beside upstream: the report's log beside the trace of
 * the documented buggy run, and the fidelity table. Each is left out when the scenario gives none.
 */
final class UpstreamSection {
    private final List<LogLine> log;
    private final List<FidelityRow> fidelity;

    /** Runs what the scenario needs to align its documented run with the report's log. */
    UpstreamSection(Scenario scenario) {
        this.log = scenario.logAlignment();
        this.fidelity = scenario.fidelity();
    }

    boolean hasLog() {
        return !log.isEmpty();
    }

    boolean hasFidelity() {
        return !fidelity.isEmpty();
    }

    String html() {
        StringBuilder b = new StringBuilder();
        if (hasLog()) {
            b.append("<h2 id=\"log\">The report's log beside our trace</h2>\n<p>Each line of the upstream report's log, and the trace line of the documented plan ")
                    .append("in the buggy mode (run on past its first violation) that corresponds to it, with its virtual time.</p>\n")
                    .append("<table><tr><th>report time</th><th>report line</th><th>virtual time</th><th>trace line</th></tr>\n");
            for (LogLine l : log) {
                b.append("<tr><td>").append(Html.esc(l.reportTime())).append("</td><td>").append(Html.esc(l.reportLine())).append("</td><td class=\"n\">")
                        .append(Html.esc(l.simTime())).append("</td><td>").append(Html.esc(l.simLine())).append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        if (hasFidelity()) {
            b.append("<h2 id=\"fidelity\">Fidelity</h2>\n<table><tr><th>behaviour</th><th>upstream</th><th>simplification</th></tr>\n");
            for (FidelityRow r : fidelity) {
                b.append("<tr><td>").append(Html.esc(r.behaviour())).append("</td><td>").append(Html.esc(r.upstream())).append("</td><td>")
                        .append(Html.esc(r.simplification())).append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        return b.toString();
    }

    String markdown() {
        StringBuilder b = new StringBuilder();
        if (hasLog()) {
            b.append("## The report's log beside our trace\n\nEach line of the upstream report's log, and the trace line of the documented plan in the buggy mode ")
                    .append("(run on past its first violation) that corresponds to it, with its virtual time.\n\n")
                    .append("| report time | report line | virtual time | trace line |\n|---|---|---:|---|\n");
            for (LogLine l : log) {
                b.append("| ").append(Md.cell(l.reportTime())).append(" | ").append(Md.cell(l.reportLine())).append(" | ").append(Md.cell(l.simTime()))
                        .append(" | ").append(Md.cell(l.simLine())).append(" |\n");
            }
            b.append('\n');
        }
        if (hasFidelity()) {
            b.append("## Fidelity\n\n| behaviour | upstream | simplification |\n|---|---|---|\n");
            for (FidelityRow r : fidelity) {
                b.append("| ").append(Md.cell(r.behaviour())).append(" | ").append(Md.cell(r.upstream())).append(" | ").append(Md.cell(r.simplification())).append(" |\n");
            }
            b.append('\n');
        }
        return b.toString();
    }
}
