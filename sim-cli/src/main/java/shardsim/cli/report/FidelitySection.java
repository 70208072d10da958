package shardsim.cli.report;

import java.util.List;
import shardsim.core.scenario.FidelityRow;

/**
 * A report's "Fidelity" section: the scenario's {@link shardsim.core.scenario.Scenario#fidelity()}
 * rows as a table. A scenario without rows gets no section, so its report is unchanged.
 */
final class FidelitySection {
    private final List<FidelityRow> rows;

    FidelitySection(List<FidelityRow> rows) {
        this.rows = List.copyOf(rows);
    }

    boolean present() {
        return !rows.isEmpty();
    }

    String html() {
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<h2 id=\"fidelity\">Fidelity</h2>\n");
        b.append("<p>Each modelled behaviour, the upstream code it follows, and where the model simplifies.</p>\n");
        b.append("<table><tr><th>behaviour</th><th>upstream</th><th>simplification</th></tr>\n");
        for (FidelityRow r : rows) {
            b.append("<tr><td>").append(Html.esc(r.behaviour())).append("</td><td>").append(Html.esc(r.upstream())).append("</td><td>")
                    .append(r.simplification().isEmpty() ? "none" : Html.esc(r.simplification())).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    String markdown() {
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("## Fidelity\n\nEach modelled behaviour, the upstream code it follows, and where the model simplifies.\n\n");
        b.append("| behaviour | upstream | simplification |\n|---|---|---|\n");
        for (FidelityRow r : rows) {
            b.append("| ").append(Md.cell(r.behaviour())).append(" | ").append(Md.cell(r.upstream())).append(" | ")
                    .append(r.simplification().isEmpty() ? "none" : Md.cell(r.simplification())).append(" |\n");
        }
        return b.append('\n').toString();
    }
}
