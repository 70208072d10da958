package shardsim.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.cli.testing.PingScenario;
import shardsim.scenarios.Scenarios;

/** The fidelity table and the report's log beside the trace, rendered from the scenario hooks. */
class FidelitySectionTest {
    @Test
    void dropAfterCloneShowsTheReportsLogBesideItsTraceAndItsFidelityTable() {
        FidelitySection s =
                new FidelitySection(Scenarios.byName("drop-after-clone").orElseThrow());
        String md = s.markdown();
        assertTrue(md.contains("## The report's log beside our trace"), md);
        assertTrue(
                md.contains(
                        "## Fidelity\n\nEach modelled behaviour, the upstream code it follows, and where the model simplifies.\n\n| behaviour | upstream | simplification |"),
                md);
        // The report's 10:15:17,809 line, beside the trace line at 77.809050 s.
        assertTrue(
                md.contains(
                        "| 10:15:17,809 | FE WARN failed add to meta. tablet\\[11415\\], backend\\[10006\\]. errCode = 2, detailMessage = replica is enough\\[1-1\\] | 77.809050s |"),
                md);
        String html = s.html();
        assertTrue(html.contains("<h2 id=\"log\">") && html.contains("<h2 id=\"fidelity\">"), html);
    }

    @Test
    void aScenarioWithoutTheHooksGetsNeitherTable() {
        // The ping fixture has neither a fidelity table nor a log to align.
        FidelitySection s = new FidelitySection(new PingScenario());
        assertEquals("", s.markdown());
        assertEquals("", s.html());
    }
}
