package shardsim.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.sim.CodeIgnored;
import shardsim.core.trace.Trace;
import shardsim.testkit.fixture.TallyScenario;

/**
 * The kernel hands each node its code and refuses a mixed run that reaches a node which never
 * looked at it: the fixture's server reads its code, its client does not.
 */
class NodeCodeTest {
    private final TallyScenario tally = new TallyScenario();

    @Test
    void aNodeOnItsOwnModeRunsThatModesCode() {
        RunSpec buggy = new RunSpec(tally.name(), Plans.BUGGY, Plans.DOCUMENTED, 0);
        assertFalse(tally.run(buggy).ok(), "buggy counts a duplicate twice");
        assertTrue(
                tally.run(buggy.withNodeModes(Map.of("server", Plans.FIXED))).ok(), "a server on fixed code does not");
    }

    @Test
    void aMixedRunThatReachesANodeWhichIgnoresItsCodeIsRefused() {
        RunSpec spec = new RunSpec(tally.name(), Plans.BUGGY, Plans.DOCUMENTED, 0)
                .withNodeModes(Map.of("client", Plans.FIXED));
        CodeIgnored e = assertThrows(CodeIgnored.class, () -> tally.run(spec));
        assertTrue(
                e.getMessage()
                        .startsWith(
                                "node client should run the code of mode fixed (the run's mode is buggy), but its factory never read its code"),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        // So is an upgrade of it in a plan, when the run reaches it.
        CustomPlan upgrade = tally.planOf(new RunSpec(tally.name(), Plans.BUGGY, Plans.DOCUMENTED, 0))
                .withFaults(FaultPlan.builder()
                        .at(TallyScenario.SECOND, new NodeFault.Upgrade("client", Plans.FIXED))
                        .build());
        assertThrows(
                CodeIgnored.class,
                () -> tally.run(RunSpec.custom(tally.name(), Plans.BUGGY, upgrade, 0), Trace.digestOnly()));
        // A node back on the run's own code needs nothing.
        CustomPlan same = upgrade.withFaults(FaultPlan.builder()
                .at(TallyScenario.SECOND, new NodeFault.Upgrade("client", Plans.BUGGY))
                .build());
        assertEquals(
                false,
                tally.run(RunSpec.custom(tally.name(), Plans.BUGGY, same, 0), Trace.digestOnly())
                        .ok());
    }
}
