package shardsim.cli.report;

import java.util.List;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.ScenarioPresentation;

/**
 * The parts of a report that set the model beside upstream: the bug report's log beside the trace
 * of the documented buggy run, and the fidelity table (each modelled behaviour, the upstream code it
 * follows, and where the model simplifies). Each table is left out when the scenario gives none.
 */
final class FidelitySection {
    static final String FIDELITY = "Fidelity";
    static final String LOG = "The report's log beside our trace";

    private final List<LogLine> log;
    private final List<FidelityRow> fidelity;

    /** Runs what the scenario needs to align its documented run with the report's log. */
    FidelitySection(Scenario scenario) {
        ScenarioPresentation p = ScenarioPresentation.of(scenario);
        this.log = List.copyOf(p.logAlignment());
        this.fidelity = List.copyOf(p.fidelity());
    }

    boolean hasLog() {
        return !log.isEmpty();
    }

    boolean hasFidelity() {
        return !fidelity.isEmpty();
    }

    private static final String LOG_NOTE =
            "Each line of the upstream report's log, and the trace line of the documented plan in the buggy mode "
                    + "(run on past its first violation) that corresponds to it, with its virtual time.";
    private static final String FIDELITY_NOTE =
            "Each modelled behaviour, the upstream code it follows, and where the model simplifies.";

    private static String simplification(FidelityRow r) {
        return r.simplification().isEmpty() ? "none" : r.simplification();
    }

    String html() {
        StringBuilder b = new StringBuilder();
        if (hasLog()) {
            b.append("<h2 id=\"log\">")
                    .append(Html.esc(LOG))
                    .append("</h2>\n<p>")
                    .append(Html.esc(LOG_NOTE))
                    .append("</p>\n")
                    .append(
                            "<table><tr><th>report time</th><th>report line</th><th>virtual time</th><th>trace line</th></tr>\n");
            for (LogLine l : log) {
                b.append("<tr><td>")
                        .append(Html.esc(l.reportTime()))
                        .append("</td><td>")
                        .append(Html.esc(l.reportLine()))
                        .append("</td><td class=\"n\">")
                        .append(Html.esc(l.simTime()))
                        .append("</td><td>")
                        .append(Html.esc(l.simLine()))
                        .append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        if (hasFidelity()) {
            b.append("<h2 id=\"fidelity\">")
                    .append(FIDELITY)
                    .append("</h2>\n<p>")
                    .append(Html.esc(FIDELITY_NOTE))
                    .append("</p>\n")
                    .append("<table><tr><th>behaviour</th><th>upstream</th><th>simplification</th></tr>\n");
            for (FidelityRow r : fidelity) {
                b.append("<tr><td>")
                        .append(Html.esc(r.behaviour()))
                        .append("</td><td>")
                        .append(Html.esc(r.upstream()))
                        .append("</td><td>")
                        .append(Html.esc(simplification(r)))
                        .append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        return b.toString();
    }

    String markdown() {
        StringBuilder b = new StringBuilder();
        if (hasLog()) {
            b.append("## ")
                    .append(Md.text(LOG))
                    .append("\n\n")
                    .append(LOG_NOTE)
                    .append("\n\n")
                    .append("| report time | report line | virtual time | trace line |\n|---|---|---:|---|\n");
            for (LogLine l : log) {
                b.append("| ")
                        .append(Md.cell(l.reportTime()))
                        .append(" | ")
                        .append(Md.cell(l.reportLine()))
                        .append(" | ")
                        .append(Md.cell(l.simTime()))
                        .append(" | ")
                        .append(Md.cell(l.simLine()))
                        .append(" |\n");
            }
            b.append('\n');
        }
        if (hasFidelity()) {
            b.append("## ")
                    .append(FIDELITY)
                    .append("\n\n")
                    .append(FIDELITY_NOTE)
                    .append("\n\n| behaviour | upstream | simplification |\n|---|---|---|\n");
            for (FidelityRow r : fidelity) {
                b.append("| ")
                        .append(Md.cell(r.behaviour()))
                        .append(" | ")
                        .append(Md.cell(r.upstream()))
                        .append(" | ")
                        .append(Md.cell(simplification(r)))
                        .append(" |\n");
            }
            b.append('\n');
        }
        return b.toString();
    }
}
