package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.ScenarioPresentation;
import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;
import shardsim.scenarios.splitstall.SplitStallScenario;
import shardsim.scenarios.versionskew.VersionSkewScenario;

/**
 * The scenarios' report prose (resource files) quotes no measured figure: a count of runs, a
 * share, a seed, a virtual time or an event number written into prose goes stale silently when the
 * model moves. The report prints what it measures beside the prose; docs/figures.md keeps the
 * larger runs with their commands.
 */
class PresentationProseTest {
    /** What a measured figure looks like in prose. */
    private static final Pattern FIGURE = Pattern.compile(
            "\\bseeds? \\d|\\d+ of \\d|\\d{1,3},\\d{3}|\\d%|\\bt=\\d|\\bevent \\d|\\d(\\.\\d+)? ?ms\\b");

    private static final List<Scenario> SCENARIOS =
            List.of(new VersionSkewScenario(), new DropAfterCloneScenario(), new SplitStallScenario());

    @Test
    void everyScenarioPresentsItsBugAndNotesWithoutMeasuredFigures() {
        for (Scenario s : SCENARIOS) {
            ScenarioPresentation p = s.presentation().orElseThrow();
            for (String prose : List.of(p.summary(), p.upstream(), p.rolloutNotes(), p.explainNotes())) {
                assertFalse(prose.isBlank(), s.name());
                Matcher m = FIGURE.matcher(prose);
                assertFalse(
                        m.find(),
                        () -> s.name() + ": a measured figure in report prose: \"" + m.group() + "\" in " + prose);
            }
            assertTrue(!p.fidelity().isEmpty(), s.name());
        }
    }

    @Test
    void theFigurePatternCatchesWhatTheOldNotesQuoted() {
        for (String old : List.of(
                "over seeds 0..9999",
                "1,035 and 1,034 times",
                "1,179 runs",
                "(11.8%)",
                "at t=77.804 s",
                "is event 111",
                "4.0 ms after")) {
            assertTrue(FIGURE.matcher(old).find(), old);
        }
    }
}
