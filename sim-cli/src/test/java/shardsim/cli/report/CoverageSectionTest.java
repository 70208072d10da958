package shardsim.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.coverage.Coverage;
import shardsim.core.coverage.CoverageTally;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.versionskew.VersionSkewScenario;

/** The report's "State coverage": the table's figures are the tallies of the first n seeds, and never fall as n grows. */
class CoverageSectionTest {
    private final Scenario scenario = new VersionSkewScenario();

    private List<Coverage> seeds(String plan, int n) {
        List<Coverage> out = new ArrayList<>();
        for (long seed = 0; seed < n; seed++) {
            out.add(scenario.run(new RunSpec(scenario.name(), "fixed", plan, seed))
                    .coverage());
        }
        return out;
    }

    @Test
    void theTableShowsTheTallyOfTheFirstSeedsOfEachPlan() {
        List<Coverage> random = seeds("random", 12);
        List<Coverage> swarm = seeds("swarm", 12);
        CoverageSection section =
                new CoverageSection(scenario, "fixed", List.of("random", "swarm"), List.of(random, swarm));
        String md = section.markdown();
        assertTrue(md.contains("| plan | 1 seed | 10 seeds | 12 seeds | never reached (of 160) |"), md);
        for (String[] p : new String[][] {{"random", "0"}, {"swarm", "1"}}) {
            List<Coverage> runs = p[0].equals("random") ? random : swarm;
            StringBuilder row = new StringBuilder("| " + p[0] + " |");
            int lastStates = 0;
            for (int n : new int[] {1, 10, 12}) {
                CoverageTally t = new CoverageTally();
                runs.subList(0, n).forEach(t::add);
                assertTrue(t.stateCount() >= lastStates, "never falls");
                lastStates = t.stateCount();
                row.append(' ')
                        .append(t.stateCount())
                        .append(" / ")
                        .append(t.transitionCount())
                        .append(" |");
                if (n == 12) {
                    row.append(' ').append(160 - t.stateCount()).append(" |");
                }
            }
            assertTrue(md.contains(row.toString()), row + " in " + md);
        }
        assertTrue(md.contains("`./sim coverage version-skew --mode fixed --plan PLAN --seeds 0..11`"), md);
        assertTrue(section.svgFiles().get("coverage.svg").startsWith("<svg xmlns="), "a standalone plot");
        assertTrue(section.html().contains("<h2 id=\"coverage\">State coverage</h2>"));
    }

    @Test
    void aScenarioWithoutAnAbstractionSaysSo() {
        List<Coverage> none = List.of(Coverage.NONE, Coverage.NONE);
        CoverageSection section = new CoverageSection(scenario, "fixed", List.of("random"), List.of(none));
        assertTrue(section.markdown().contains("declares no abstraction"), section.markdown());
        assertEquals(0, section.svgFiles().size());
    }
}
