package shardsim.scenarios.dropafterclone.report;

import java.util.List;
import java.util.function.Supplier;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.Prose;
import shardsim.core.scenario.ScenarioPresentation;
import shardsim.core.trace.TraceEvent;

/**
 * What reports show of drop-after-clone besides what they measure: the prose is in
 * {@code src/main/resources/shardsim/scenarios/dropafterclone/report/} (no measured figure in it:
 * the report prints its own, docs/figures.md the larger runs), the fidelity table is
 * {@link DorisFidelity}, the report's fe.log and be.INFO lines are {@link ReportLog}.
 */
public final class DropAfterClonePresentation implements ScenarioPresentation {
    /** The scenario's run of the documented plan in the buggy mode, run on past its first violation. */
    private final Supplier<List<TraceEvent>> documentedBuggyThrough;

    public DropAfterClonePresentation(Supplier<List<TraceEvent>> documentedBuggyThrough) {
        this.documentedBuggyThrough = documentedBuggyThrough;
    }

    @Override
    public String summary() {
        return Prose.load(DropAfterClonePresentation.class, "summary.md");
    }

    @Override
    public String upstream() {
        return Prose.load(DropAfterClonePresentation.class, "upstream.md");
    }

    @Override
    public List<FidelityRow> fidelity() {
        return DorisFidelity.rows();
    }

    /**
     * The report's log lines beside the trace of the documented plan in the buggy mode, run on past
     * its first violation so that the FE's next report (the set-bad lines) is in it too.
     */
    @Override
    public List<LogLine> logAlignment() {
        return ReportLog.align(documentedBuggyThrough.get());
    }

    @Override
    public String rolloutNotes() {
        return Prose.load(DropAfterClonePresentation.class, "rollout-notes.md");
    }

    /** What the report's curves of the documented buggy run say, for "When the failure became inevitable". */
    @Override
    public String explainNotes() {
        return Prose.load(DropAfterClonePresentation.class, "explain-notes.md");
    }
}
