package shardsim.scenarios.versionskew.report;

import java.util.List;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.Prose;
import shardsim.core.scenario.ScenarioPresentation;

/**
 * What reports show of version-skew besides what they measure: the prose is in
 * {@code src/main/resources/shardsim/scenarios/versionskew/report/} (no measured figure in it: the
 * report prints its own, docs/figures.md the larger runs), the fidelity table is {@link SkewFidelity}.
 * The report quotes only the failing request, so there is no log to align.
 */
public final class VersionSkewPresentation implements ScenarioPresentation {
    @Override
    public String summary() {
        return Prose.load(VersionSkewPresentation.class, "summary.md");
    }

    @Override
    public String upstream() {
        return Prose.load(VersionSkewPresentation.class, "upstream.md");
    }

    @Override
    public List<FidelityRow> fidelity() {
        return SkewFidelity.rows();
    }

    /** Which rollout orders are safe and why, for the report's section "Rolling out the fix". */
    @Override
    public String rolloutNotes() {
        return Prose.load(VersionSkewPresentation.class, "rollout-notes.md");
    }

    /** What the report's curves of the documented buggy run say, for "When the failure became inevitable". */
    @Override
    public String explainNotes() {
        return Prose.load(VersionSkewPresentation.class, "explain-notes.md");
    }
}
