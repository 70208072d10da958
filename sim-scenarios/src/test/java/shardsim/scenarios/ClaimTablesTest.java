package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.ModeClaims;
import shardsim.core.check.Stance;
import shardsim.core.check.Violation;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.Verdict;

/**
 * Each built-in scenario's claim table against the scenario and its runs: one row per mode, one
 * stance per invariant; the fix expects nothing to break; and the buggy mode's broken claims, over
 * the first seeds of its random plan, are the bug it declares.
 */
class ClaimTablesTest {
    @Test
    void everyModeSaysSomethingOfEveryInvariant() {
        for (Scenario s : Scenarios.all()) {
            assertEquals(s.modes(), s.claims().modes(), s.name());
            for (ModeClaims row : s.claims().rows()) {
                assertEquals(
                        s.invariantNames(),
                        row.stances().stream().map(Stance::invariant).toList(),
                        s.name() + " " + row.mode());
            }
            assertTrue(
                    s.claims()
                            .of(Plans.FIXED)
                            .ofKind(Stance.Kind.EXPECTED_BREAK)
                            .isEmpty(),
                    s.name() + ": the fix claims what it does not leave open");
            assertFalse(
                    s.claims()
                            .of(Plans.BUGGY)
                            .ofKind(Stance.Kind.EXPECTED_BREAK)
                            .isEmpty(),
                    s.name() + ": buggy names its bug");
        }
        assertEquals(List.of("C5", "C9"), gaps("version-skew", "fixed"));
        assertEquals(List.of("D9", "D13"), gaps("drop-after-clone", "fixed"));
        assertEquals(List.of("U3", "U7"), gaps("split-stall", "fixed"));
    }

    @Test
    void theBuggyModesBreakOnlyTheBugTheyDeclare() {
        for (Scenario s : Scenarios.all()) {
            List<String> broken = new ArrayList<>();
            for (long seed = 0; seed < 20; seed++) {
                Verdict v = Verdict.of(s, s.run(new RunSpec(s.name(), Plans.BUGGY, Plans.RANDOM, seed)));
                for (Violation x : v.broken()) {
                    assertTrue(
                            v.expected(x),
                            s.name() + " buggy random seed " + seed + " breaks " + x.invariant()
                                    + ", not declared its bug: " + x.render());
                    broken.add(x.invariant());
                }
            }
            assertFalse(broken.isEmpty(), s.name() + ": buggy random 0..19 reproduces its bug in some seed");
        }
    }

    private static List<String> gaps(String scenario, String mode) {
        return Scenarios.byName(scenario).orElseThrow().claims().of(mode).ofKind(Stance.Kind.GAP).stream()
                .map(Stance::invariant)
                .toList();
    }
}
