package shardsim.cli.report;

import java.util.List;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.Scenario;

/**
 * Two tables a scenario may give: what it models against the upstream code ("Fidelity"), and the
 * bug report's log lines beside the trace lines of the documented run. Empty tables are left out.
 */
final class FidelitySection {
    static final String FIDELITY = "Fidelity";
    static final String LOG = "The report's log beside our trace";

    private final List<FidelityRow> fidelity;
    private final List<LogLine> log;

    FidelitySection(Scenario scenario) {
        this.fidelity = scenario.fidelity();
        this.log = scenario.logAlignment();
    }

    String html() {
        StringBuilder b = new StringBuilder();
        if (!fidelity.isEmpty()) {
            b.append("<h2 id=\"fidelity\">").append(FIDELITY).append("</h2>\n<table><tr><th>behaviour</th><th>upstream</th><th>simplification</th></tr>\n");
            for (FidelityRow r : fidelity) {
                b.append("<tr><td>").append(Html.esc(r.behaviour())).append("</td><td>").append(Html.esc(r.upstream())).append("</td><td>")
                        .append(Html.esc(r.simplification())).append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        if (!log.isEmpty()) {
            b.append("<h2 id=\"log\">").append(Html.esc(LOG)).append("</h2>\n<table><tr><th>report time</th><th>report line</th><th>our time</th><th>our trace line</th></tr>\n");
            for (LogLine l : log) {
                b.append("<tr><td class=\"n\">").append(Html.esc(l.reportTime())).append("</td><td>").append(Html.esc(l.reportLine()))
                        .append("</td><td class=\"n\">").append(Html.esc(l.simTime())).append("</td><td>").append(Html.esc(l.simLine())).append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        return b.toString();
    }

    String markdown() {
        StringBuilder b = new StringBuilder();
        if (!fidelity.isEmpty()) {
            b.append("## ").append(FIDELITY).append("\n\n| behaviour | upstream | simplification |\n|---|---|---|\n");
            for (FidelityRow r : fidelity) {
                b.append("| ").append(Md.cell(r.behaviour())).append(" | ").append(Md.cell(r.upstream())).append(" | ").append(Md.cell(r.simplification())).append(" |\n");
            }
            b.append('\n');
        }
        if (!log.isEmpty()) {
            b.append("## ").append(Md.text(LOG)).append("\n\n| report time | report line | our time | our trace line |\n|---:|---|---:|---|\n");
            for (LogLine l : log) {
                b.append("| ").append(Md.cell(l.reportTime())).append(" | ").append(Md.cell(l.reportLine())).append(" | ").append(Md.cell(l.simTime()))
                        .append(" | ").append(Md.cell(l.simLine())).append(" |\n");
            }
            b.append('\n');
        }
        return b.toString();
    }
}
