package shardsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProseTest {
    @Test
    void aResourceIsReadAsOneLinePerParagraph() {
        assertEquals(
                "**First paragraph**, wrapped over three lines.\n\nSecond paragraph.\n\nThird, after two blank lines.",
                Prose.load(ProseTest.class, "prose-sample.md"));
    }

    @Test
    void unwrapKeepsWordsAndDropsOnlyLayout() {
        assertEquals("a b c", Prose.unwrap("  a\nb  \r\nc\n\n\n"));
        assertEquals("", Prose.unwrap("\n<!-- only a comment -->\n"));
    }

    @Test
    void aMissingResourceIsAnError() {
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> Prose.load(ProseTest.class, "no-such.md"));
        assertTrue(e.getMessage().contains("no-such.md"), e.getMessage());
    }

    @Test
    void aScenarioWithoutAPresentationIsShownWithNone() {
        Scenario bare = new Scenario() {
            public String name() {
                return "bare";
            }

            public String description() {
                return "runs only";
            }

            public java.util.List<String> modes() {
                return java.util.List.of("buggy");
            }

            public java.util.List<String> plans() {
                return java.util.List.of(Plans.DOCUMENTED);
            }

            public java.util.List<shardsim.core.check.Rule> invariants() {
                return java.util.List.of();
            }

            public RunResult run(RunSpec spec, shardsim.core.trace.Trace trace) {
                throw new UnsupportedOperationException();
            }
        };
        ScenarioPresentation p = ScenarioPresentation.of(bare);
        assertEquals(ScenarioPresentation.NONE, p);
        assertTrue(p.summary().isEmpty()
                && p.upstream().isEmpty()
                && p.fidelity().isEmpty()
                && p.logAlignment().isEmpty()
                && p.rolloutNotes().isEmpty()
                && p.explainNotes().isEmpty());
    }
}
