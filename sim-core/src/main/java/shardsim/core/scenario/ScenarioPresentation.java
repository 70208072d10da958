package shardsim.core.scenario;

import java.util.List;

/**
 * What a report shows of a scenario besides what it measures: the bug in words, where it comes
 * from, the fidelity table, the upstream report's log beside the trace, and the scenario's reading
 * of its rollout and explain sections. Optional and apart from what runs: a scenario offers one
 * through {@link Scenario#presentation()}, and a scenario without one runs, sweeps, shrinks and is
 * reported all the same (with its {@link Scenario#description()} and the measured sections only).
 *
 * <p>Prose here must not quote a measured figure (a count, a rate, a seed or a time a run
 * produced): the report prints what it measures beside it, and docs/figures.md keeps the larger
 * runs with their commands. Long prose belongs in resource files ({@link Prose}).
 */
public interface ScenarioPresentation {
    /** The presentation of a scenario that offers none: every part empty. */
    ScenarioPresentation NONE = new ScenarioPresentation() {};

    /** The presentation {@code scenario} offers, or {@link #NONE}. */
    static ScenarioPresentation of(Scenario scenario) {
        return scenario.presentation().orElse(NONE);
    }

    /**
     * The bug in two sentences, for reports: what goes wrong, and what the fix changes. Empty, the
     * default, when the scenario's one-line description says enough (reports then show that).
     */
    default String summary() {
        return "";
    }

    /**
     * Where the bug comes from: the upstream report's title, project and number as plain text
     * (no address, so a report that quotes it stays free of links). Empty when there is none.
     */
    default String upstream() {
        return "";
    }

    /**
     * The fidelity table: each modelled behaviour, the upstream file and commit it follows, and
     * where the model simplifies. Empty when the scenario has none yet.
     */
    default List<FidelityRow> fidelity() {
        return List.of();
    }

    /**
     * The upstream report's log lines beside the trace lines of the documented plan run in the
     * buggy mode, in the report's order ({@link LogAlignment} pairs them). The scenario runs its
     * documented plan to compute the sim side. Empty when the report has no log to compare with.
     */
    default List<LogLine> logAlignment() {
        return List.of();
    }

    /**
     * The scenario's own words for the report's section "Rolling out the fix": which upgrade
     * orders are safe, which are not and why, what an operator should do. Markdown paragraphs
     * separated by blank lines (inline {@code `code`} and {@code **bold**} only). Empty, the
     * default: the section then shows only the measured table.
     */
    default String rolloutNotes() {
        return "";
    }

    /**
     * The scenario's own reading of the curves in the report's section "When the failure became
     * inevitable" ({@code sim explain} on its documented buggy run). Markdown paragraphs as for
     * {@link #rolloutNotes()}. Empty, the default: the section then shows only what it measured.
     */
    default String explainNotes() {
        return "";
    }
}
