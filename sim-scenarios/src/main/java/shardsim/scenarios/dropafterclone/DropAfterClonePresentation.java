package shardsim.scenarios.dropafterclone;

import java.util.List;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.Prose;
import shardsim.core.scenario.ScenarioPresentation;

/**
 * What reports show of drop-after-clone besides what they measure: the prose is in
 * {@code src/main/resources/shardsim/scenarios/dropafterclone/report/} (no measured figure in it:
 * the report prints its own, docs/figures.md the larger runs), the fidelity table is
 * {@link Fidelity}, the report's fe.log and be.INFO lines are {@link ReportLog}.
 */
final class DropAfterClonePresentation implements ScenarioPresentation {
    private final DropAfterCloneScenario scenario;

    DropAfterClonePresentation(DropAfterCloneScenario scenario) {
        this.scenario = scenario;
    }

    @Override
    public String summary() {
        return Prose.load(DropAfterClonePresentation.class, "report/summary.md");
    }

    @Override
    public String upstream() {
        return Prose.load(DropAfterClonePresentation.class, "report/upstream.md");
    }

    @Override
    public List<FidelityRow> fidelity() {
        return Fidelity.rows();
    }

    /**
     * The report's log lines beside the trace of the documented plan in the buggy mode, run on past
     * its first violation so that the FE's next report (the set-bad lines) is in it too.
     */
    @Override
    public List<LogLine> logAlignment() {
        return ReportLog.align(scenario.documentedBuggyThrough());
    }

    @Override
    public String rolloutNotes() {
        return Prose.load(DropAfterClonePresentation.class, "report/rollout-notes.md");
    }

    /** What the report's curves of the documented buggy run say, for "When the failure became inevitable". */
    @Override
    public String explainNotes() {
        return Prose.load(DropAfterClonePresentation.class, "report/explain-notes.md");
    }
}
