package shardsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.fixture.RolloutFixture;
import shardsim.core.net.LinkPolicy;
import shardsim.core.trace.Trace;

/** Node modes: who runs what, their checks, and how a run records and reproduces them. */
class NodeModesTest {
    private static final List<String> MODES = List.of("buggy", "fixed");
    private static final List<String> NODES = List.of("s1", "s2", "r");
    private static final Map<String, List<String>> ROLES = new RolloutFixture.MixWorld(NODES).roles();
    private static final RolloutFixture FIXTURE = new RolloutFixture();

    @Test
    void aNodesOwnEntryBeatsItsRolesAndTheRestRunTheRunsMode() {
        Map<String, String> given = new TreeMap<>(Map.of("sender", "fixed", "s2", "buggy"));
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("s1", "fixed");
        expected.put("s2", "buggy");
        expected.put("r", "buggy");
        assertEquals(expected, NodeModes.resolve("buggy", given, MODES, NODES, ROLES, true));
    }

    @Test
    void aNodeInNoRoleRunsTheRunsModeAndCannotBeNamed() {
        List<String> withClient = List.of("s1", "s2", "r", "client");
        Map<String, String> codes =
                NodeModes.resolve("buggy", Map.of("client", "fixed", "r", "fixed"), MODES, withClient, ROLES, false);
        assertEquals("buggy", codes.get("client"), "a node in no role runs no versioned code");
        assertEquals("fixed", codes.get("r"));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> NodeModes.resolve("buggy", Map.of("client", "fixed"), MODES, withClient, ROLES, true));
        assertTrue(e.getMessage().contains("'client' is neither a node nor a role"), e.getMessage());
    }

    @Test
    void badNamesAndModesAreOneLineErrors() {
        IllegalArgumentException mode = assertThrows(
                IllegalArgumentException.class,
                () -> NodeModes.resolve("buggy", Map.of("r", "newest"), MODES, NODES, ROLES, false));
        assertTrue(mode.getMessage().contains("unknown mode 'newest'"), mode.getMessage());
        IllegalArgumentException name = assertThrows(
                IllegalArgumentException.class,
                () -> NodeModes.resolve("buggy", Map.of("r9", "fixed"), MODES, NODES, ROLES, true));
        assertTrue(name.getMessage().contains("'r9' is neither a node nor a role"), name.getMessage());
        assertEquals(
                "buggy",
                NodeModes.resolve("buggy", Map.of("r9", "fixed"), MODES, NODES, ROLES, false)
                        .get("r"),
                "lenient: skipped");
        assertThrows(IllegalArgumentException.class, () -> NodeModes.parse("r"));
        assertThrows(IllegalArgumentException.class, () -> NodeModes.parse("=fixed"));
        assertEquals(Map.entry("r", "fixed"), NodeModes.parse("r=fixed"));
    }

    @Test
    void anUpgradeOfANodeThePlanHasDownIsRefused() {
        FaultPlan down = FaultPlan.builder()
                .at(100, new NodeFault.Crash("r"))
                .at(200, new NodeFault.Upgrade("r", "fixed"))
                .at(300, new NodeFault.Restart("r"))
                .build();
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> NodeModes.checkCodeChanges(down, MODES, NODES));
        assertTrue(e.getMessage().contains("node r is down then"), e.getMessage());
        FaultPlan restarted = FaultPlan.builder()
                .at(100, new NodeFault.Crash("r"))
                .at(200, new NodeFault.Restart("r"))
                .at(300, new NodeFault.Upgrade("r", "fixed"))
                .build();
        NodeModes.checkCodeChanges(restarted, MODES, NODES);
        FaultPlan badMode = FaultPlan.builder()
                .at(100, new NodeFault.Downgrade("r", "older"))
                .build();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NodeModes.checkCodeChanges(badMode, MODES, NODES))
                .getMessage()
                .contains("unknown mode 'older'"));
        FaultPlan badNode = FaultPlan.builder()
                .at(100, new NodeFault.Upgrade("r9", "fixed"))
                .build();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NodeModes.checkCodeChanges(badNode, MODES, NODES))
                .getMessage()
                .contains("'r9'"));
        NodeModes.checkCodeChanges(badNode, MODES, null);
    }

    @Test
    void mixingCodesIsWhatBreaksTheFixture() {
        RunSpec allOld = new RunSpec(FIXTURE.name(), "buggy", "random", 3);
        assertTrue(FIXTURE.run(allOld).ok());
        assertTrue(
                FIXTURE.run(allOld.withNodeModes(Map.of("receiver", "fixed"))).ok(),
                "a new receiver reads old records");
        RunResult newSender = FIXTURE.run(allOld.withNodeModes(Map.of("s1", "fixed")));
        assertFalse(newSender.ok(), "an old receiver misreads a new sender's records");
        assertEquals("M1", newSender.violations().get(0).invariant());
    }

    @Test
    void aMixedRunRecordsWhoRanWhatAndOnlyThen() {
        RunSpec plain = new RunSpec(FIXTURE.name(), "buggy", "random", 3);
        assertFalse(
                FIXTURE.run(plain).params().containsKey("nodeModes"),
                "a run of one code records nothing new (its digest is as before)");
        RunResult mixed = FIXTURE.run(plain.withNodeModes(Map.of("receiver", "fixed", "s2", "fixed")));
        assertEquals("receiver=fixed s2=fixed", mixed.params().get("nodeModes"));
        assertEquals("s2=fixed r=fixed", mixed.params().get("codes"));
    }

    @Test
    void theSpecAndThePlanCarryTheNodeModes() {
        RunSpec spec = new RunSpec(FIXTURE.name(), "buggy", "random", 3).withNodeModes(Map.of("s1", "fixed"));
        assertEquals("rollout-fixture buggy random seed 3 node modes {s1=fixed}", spec.toString());
        CustomPlan plan = FIXTURE.planOf(spec);
        assertEquals(spec.nodeModes(), plan.modes());
        RunSpec again = RunSpec.custom(FIXTURE.name(), "buggy", plan, 3);
        assertEquals(spec.nodeModes(), again.nodeModes());
        assertEquals(
                FIXTURE.run(spec).violations().get(0),
                FIXTURE.run(again).violations().get(0),
                "the plan as data repeats the run");
        String json = PlanJson.write(plan, FIXTURE.name(), 3L);
        assertTrue(json.contains("\"modes\":{\"s1\":\"fixed\"}"), json);
        assertEquals(
                Map.of("s1", "fixed"),
                again.withNodeModes(Map.of("s1", "fixed")).custom().modes(),
                "a custom plan holds the one copy of its node modes");
        assertEquals(plan.source(), again.plan(), "and of its name");
    }

    @Test
    void upgradesInAPlanRunTheNewCodeFromTheirTime() {
        long t = 5 * RolloutFixture.SECOND;
        CustomPlan base = FIXTURE.planOf(new RunSpec(FIXTURE.name(), "buggy", "random", 3));
        CustomPlan receiverFirst = base.withFaults(FaultPlan.builder()
                .at(t, new NodeFault.Upgrade("r", "fixed"))
                .at(t + 1, new NodeFault.Upgrade("s1", "fixed"))
                .at(t + 2, new NodeFault.Upgrade("s2", "fixed"))
                .build());
        CustomPlan senderFirst = base.withFaults(FaultPlan.builder()
                .at(t, new NodeFault.Upgrade("s1", "fixed"))
                .at(t + 3 * RolloutFixture.SECOND, new NodeFault.Upgrade("s2", "fixed"))
                .at(t + 6 * RolloutFixture.SECOND, new NodeFault.Upgrade("r", "fixed"))
                .build());
        assertTrue(FIXTURE.run(RunSpec.custom(FIXTURE.name(), "buggy", receiverFirst, 3))
                .ok());
        RunResult bad = FIXTURE.run(RunSpec.custom(FIXTURE.name(), "buggy", senderFirst, 3), Trace.digestOnly());
        assertFalse(bad.ok());
        assertTrue(bad.violations().get(0).timeMicros() > t, "nothing fails before the first upgrade");
        assertTrue(
                bad.violations().get(0).timeMicros() < t + 6 * RolloutFixture.SECOND, "it fails in the mixed window");
        CustomPlan downThen = base.withFaults(FaultPlan.builder()
                .at(t, new NodeFault.Crash("r"))
                .at(t + 1, new NodeFault.Upgrade("r", "fixed"))
                .build());
        assertThrows(
                IllegalArgumentException.class,
                () -> FIXTURE.run(RunSpec.custom(FIXTURE.name(), "buggy", downThen, 3)));
        assertThrows(
                IllegalArgumentException.class,
                () -> FIXTURE.run(
                        new RunSpec(FIXTURE.name(), "buggy", "random", 3).withNodeModes(Map.of("r", "newest"))));
        assertEquals(LinkPolicy.class, base.link().getClass());
    }

    @Test
    void theWorldSaysItsRolesAndUpgradesNameModes() {
        RunSpec spec = new RunSpec(FIXTURE.name(), "buggy", "random", 0);
        assertEquals(ROLES, FIXTURE.worldRoles(spec));
        assertEquals(
                List.of("buggy", "fixed"),
                FIXTURE.worldNames(spec).valid("upgrade", "toMode").orElseThrow());
    }
}
