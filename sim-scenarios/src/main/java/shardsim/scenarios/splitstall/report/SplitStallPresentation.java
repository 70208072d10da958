package shardsim.scenarios.splitstall.report;

import java.util.List;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.Prose;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.ScenarioPresentation;

/**
 * What reports show of split-stall besides what they measure: the prose is beside this class, in
 * {@code src/main/resources/shardsim/scenarios/splitstall/report/} (no measured figure in it: the
 * report prints its own, docs/figures.md the larger runs), the fidelity table and the report's log
 * lines are {@link SplitFidelity}.
 */
public final class SplitStallPresentation implements ScenarioPresentation {
    private final Scenario scenario;

    public SplitStallPresentation(Scenario scenario) {
        this.scenario = scenario;
    }

    @Override
    public String summary() {
        return Prose.load(SplitStallPresentation.class, "summary.md");
    }

    @Override
    public String upstream() {
        return Prose.load(SplitStallPresentation.class, "upstream.md");
    }

    @Override
    public List<FidelityRow> fidelity() {
        return SplitFidelity.rows();
    }

    @Override
    public List<LogLine> logAlignment() {
        return SplitFidelity.alignment(scenario);
    }

    @Override
    public String rolloutNotes() {
        return Prose.load(SplitStallPresentation.class, "rollout-notes.md");
    }

    /** What the report's curves of the documented buggy run say, for "When the failure became inevitable". */
    @Override
    public String explainNotes() {
        return Prose.load(SplitStallPresentation.class, "explain-notes.md");
    }
}
