package shardsim.cli.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import shardsim.cli.report.Md;
import shardsim.core.check.Rule;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.Scenarios;

/**
 * The parts of docs/scenarios/NAME.md that the scenario states as data: its invariants and its
 * fidelity table, rewritten between markers on every build so the prose around them cannot keep
 * a row the code dropped. The rest of the page is written by hand.
 */
public final class ScenarioPages {
    private ScenarioPages() {}

    /** Rewrites the generated blocks of every built-in scenario's page that exists in {@code dir}. */
    public static void write(Path dir) throws IOException {
        for (Scenario s : Scenarios.all()) {
            Path page = dir.resolve(s.name() + ".md");
            if (!Files.exists(page)) {
                continue;
            }
            String text = Files.readString(page, StandardCharsets.UTF_8);
            String out = replace(replace(text, "invariants", invariants(s)), "fidelity", fidelity(s));
            if (!out.equals(text)) {
                Files.writeString(page, out, StandardCharsets.UTF_8);
            }
        }
    }

    static String begin(String block) {
        return "<!-- BEGIN GENERATED " + block + ": written by the build from the scenario's code; do not edit -->\n";
    }

    static String end(String block) {
        return "<!-- END GENERATED " + block + " -->";
    }

    /** The page with the block's text replaced, or unchanged when the page has no such block. */
    static String replace(String page, String block, String body) {
        int from = page.indexOf(begin(block));
        int to = page.indexOf(end(block));
        if (from < 0 || to < from) {
            return page;
        }
        return page.substring(0, from) + begin(block) + body + page.substring(to);
    }

    static String invariants(Scenario s) {
        StringBuilder b = new StringBuilder("| invariant | what it says |\n|---|---|\n");
        for (Rule r : s.invariants()) {
            b.append("| ")
                    .append(r.name())
                    .append(" | ")
                    .append(Md.cell(r.meaning()))
                    .append(" |\n");
        }
        return b.toString();
    }

    static String fidelity(Scenario s) {
        StringBuilder b = new StringBuilder("| behaviour | upstream | simplification |\n|---|---|---|\n");
        for (FidelityRow r : shardsim.core.scenario.ScenarioPresentation.of(s).fidelity()) {
            b.append("| ")
                    .append(Md.cell(r.behaviour()))
                    .append(" | ")
                    .append(Md.cell(r.upstream()))
                    .append(" | ")
                    .append(Md.cell(r.simplification().isEmpty() ? "none" : r.simplification()))
                    .append(" |\n");
        }
        return b.toString();
    }
}
