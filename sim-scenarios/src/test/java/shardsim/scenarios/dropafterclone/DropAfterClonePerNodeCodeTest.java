package shardsim.scenarios.dropafterclone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import shardsim.scenarios.dropafterclone.checks.DorisChecks;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.plan.DocumentedPlan;
import shardsim.scenarios.dropafterclone.plan.DorisWorld;

/**
 * Each process runs its own code: a run whose every node is named with one mode is the run of that
 * mode (nothing moved for the published figures), and the documented timeline shows what the fix
 * needs of each side.
 */
class DropAfterClonePerNodeCodeTest {
    private final DropAfterCloneScenario scenario = new DropAfterCloneScenario();

    /** The run's events without its parameters (a per-node run records the modes it was given). */
    private List<String> events(RunSpec spec) {
        Trace trace = Trace.full();
        scenario.run(spec, trace);
        List<String> out = new ArrayList<>();
        for (TraceEvent e : trace.events()) {
            if (e.kind() != TraceKind.PARAM) {
                out.add(e.timeMicros() + " " + e.kind() + " " + e.actor() + " " + e.detail());
            }
        }
        return out;
    }

    private static RunSpec spec(String mode, String plan, long seed, Map<String, String> nodeModes) {
        return new RunSpec(DropAfterCloneScenario.NAME, mode, plan, seed).withNodeModes(nodeModes);
    }

    @Test
    void everyRoleNamedWithOneModeRunsAsThatModeRunWide() {
        for (String plan : List.of(Plans.RANDOM, Plans.SWARM)) {
            for (long seed = 0; seed < 25; seed++) {
                assertEquals(
                        events(spec("buggy", plan, seed, Map.of())),
                        events(spec("fixed", plan, seed, Map.of("fe", "buggy", "be", "buggy"))),
                        "buggy " + plan + " seed " + seed);
                assertEquals(
                        events(spec("fixed", plan, seed, Map.of())),
                        events(spec("buggy", plan, seed, Map.of("fe", "fixed", "be", "fixed"))),
                        "fixed " + plan + " seed " + seed);
            }
        }
    }

    @Test
    void theDocumentedTimelineLosesTheTabletUnlessTheFeAndTheBesBothRunTheFix() {
        assertFalse(
                scenario.run(spec("buggy", Plans.DOCUMENTED, 0, Map.of("fe", "fixed")))
                        .ok(),
                "a new FE's DROP id is ignored by an old BE");
        assertFalse(
                scenario.run(spec("buggy", Plans.DOCUMENTED, 0, Map.of("be", "fixed")))
                        .ok(),
                "an old FE's DROP carries 0, which matches any copy");
        assertTrue(scenario.run(spec("buggy", Plans.DOCUMENTED, 0, Map.of("fe", "fixed", "be", "fixed")))
                .ok());
    }

    /** The documented plan with every process upgraded at {@code atMicros}: BEs first, then the FE. */
    private RunResult documentedUpgradedAt(long atMicros, List<String> nodes) {
        CustomPlan plan = scenario.planOf(new RunSpec(DropAfterCloneScenario.NAME, "buggy", Plans.DOCUMENTED, 0));
        FaultPlan.Builder upgrades = FaultPlan.builder();
        for (String node : nodes) {
            upgrades.at(atMicros, new NodeFault.Upgrade(node, "fixed"));
        }
        CustomPlan upgraded = plan.withFaults(plan.faults().merge(upgrades.build()));
        return scenario.run(RunSpec.custom(DropAfterCloneScenario.NAME, "buggy", upgraded, 0));
    }

    @Test
    void upgradingBeforeTheTimelineSavesTheTabletButUpgradingOnlyTheBesDoesNot() {
        DorisWorld world = DocumentedPlan.world();
        List<String> all = new ArrayList<>(world.backends());
        all.add(DorisCluster.FE);
        RunResult whole = documentedUpgradedAt(1_000_000, all);
        assertTrue(whole.ok(), () -> "all upgraded at 1 s: " + whole.violations());
        RunResult half = documentedUpgradedAt(1_000_000, world.backends());
        assertFalse(half.ok(), "the BEs alone cannot fence: the old FE's DROP carries 0");
        assertEquals(DorisChecks.D1.name(), half.violations().get(0).invariant());
    }

    @Test
    void rolesAreTheBesThenTheFe() {
        Map<String, List<String>> roles =
                scenario.worldRoles(new RunSpec(DropAfterCloneScenario.NAME, "buggy", Plans.DOCUMENTED, 0));
        assertEquals(List.of("be", "fe"), new ArrayList<>(roles.keySet()));
        assertEquals(List.of(DorisCluster.FE), roles.get("fe"));
        assertEquals(DocumentedPlan.world().backends(), roles.get("be"));
    }
}
