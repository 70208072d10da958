package shardsim.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Verdict;
import shardsim.core.workload.Workload;

class ClaimTableTest {
    private static final Rule A = new Rule("A", "a holds");
    private static final Rule B = new Rule("B", "b holds");
    private static final Rule C = new Rule("C", "c holds");
    private static final List<String> MODES = List.of("buggy", "fixed", "fixed-no-x");

    private static ClaimTable table() {
        return ClaimTable.builder(List.of(A, B, C), MODES)
                .gap(C, "upstream leaves c open", "fixed", "fixed-no-x")
                .expectedBreak(A, "the reported bug", "buggy")
                .expectedBreak(B, "x protects b", "fixed-no-x")
                .build();
    }

    @Test
    void everyModeClaimsWhatItDoesNotMark() {
        ClaimTable t = table();
        assertEquals(MODES, t.modes());
        assertEquals(List.of("A", "B", "C"), t.of("buggy").claims());
        assertEquals(List.of("A", "B"), t.of("fixed").claims());
        assertTrue(t.of("fixed").isGap("C"));
        assertFalse(t.of("buggy").isGap("C"));
        assertEquals(Stance.Kind.EXPECTED_BREAK, t.of("buggy").of("A").kind());
        assertEquals("upstream leaves c open", t.of("fixed-no-x").of("C").reason());
        assertEquals(
                Stance.Kind.CLAIM, t.of("fixed").of("budget").kind(), "an undeclared name (the run budget) is a claim");
        assertEquals(
                3,
                ClaimTable.allClaimed(List.of(A, B, C), MODES)
                        .of("fixed")
                        .claims()
                        .size());
    }

    @Test
    void marksNameOnlyKnownModesAndInvariantsAndGiveReasons() {
        assertThrows(
                IllegalArgumentException.class,
                () -> ClaimTable.builder(List.of(A), MODES).gap(B, "why", "fixed"));
        assertThrows(
                IllegalArgumentException.class,
                () -> ClaimTable.builder(List.of(A), MODES).gap(A, "why", "fixd"));
        assertThrows(
                IllegalArgumentException.class,
                () -> ClaimTable.builder(List.of(A), MODES).gap(A, "why"));
        assertThrows(
                IllegalArgumentException.class,
                () -> ClaimTable.builder(List.of(A), MODES).gap(A, " ", "fixed"));
        assertThrows(IllegalArgumentException.class, () -> table().of("nope"));
    }

    @Test
    void aRunMixingCodesTakesTheGapsOfEachAndItsExpectedBreaks() {
        ModeClaims mixed = table().of(List.of("buggy", "fixed"));
        assertEquals("buggy+fixed", mixed.mode());
        assertTrue(mixed.isGap("C"), "fixed's code leaves C open");
        assertEquals(Stance.Kind.EXPECTED_BREAK, mixed.of("A").kind());
        assertEquals(Stance.Kind.CLAIM, mixed.of("B").kind());
        assertEquals(table().of("fixed"), table().of(List.of("fixed", "fixed")));
    }

    @Test
    void aVerdictFailsOnABrokenClaimAndOnAGapOnlyWhenAsked() {
        Violation a = new Violation("A", "broke", 5, 1);
        Violation c = new Violation("C", "open", 9, 2);
        Verdict onlyGap = Verdict.of(table().of("fixed"), List.of(c));
        assertTrue(onlyGap.claimsHold());
        assertFalse(onlyGap.failed(false));
        assertTrue(onlyGap.failed(true));
        assertEquals(List.of(c), onlyGap.gaps());
        Verdict both = Verdict.of(table().of("fixed"), List.of(a, c));
        assertEquals(List.of(a), both.broken());
        assertTrue(both.failed(false));
        assertFalse(both.expected(a), "fixed does not expect A to break");
        assertTrue(Verdict.of(table().of("buggy"), List.of(a)).expected(a));
        assertTrue(Verdict.of(table().of("buggy"), List.of(c)).failed(false), "buggy claims C");
    }

    @Test
    void aRunsModesAreItsOwnItsNodesAndThoseItUpgradesTo() {
        assertEquals(List.of("buggy"), Verdict.modesOf(new RunSpec("s", "buggy", "random", 1)));
        TreeMap<String, String> nodes = new TreeMap<>();
        nodes.put("fe", "fixed");
        assertEquals(
                List.of("buggy", "fixed"),
                Verdict.modesOf(new RunSpec("s", "buggy", "random", 1).withNodeModes(nodes)));
        FaultPlan faults = FaultPlan.builder()
                .at(10, new NodeFault.Upgrade("be1", "fixed-no-x"))
                .build();
        CustomPlan plan = new CustomPlan(
                "plan.json",
                "random",
                LinkPolicy.reliable(),
                faults,
                Workload.builder().build());
        assertEquals(List.of("buggy", "fixed-no-x"), Verdict.modesOf(RunSpec.custom("s", "buggy", plan, 1)));
    }
}
