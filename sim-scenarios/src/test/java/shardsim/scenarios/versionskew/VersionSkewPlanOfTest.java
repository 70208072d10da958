package shardsim.scenarios.versionskew;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.versionskew.plan.DocumentedPlan;
import shardsim.scenarios.versionskew.plan.SkewFault;
import shardsim.scenarios.versionskew.plan.SkewOperation;
import shardsim.testkit.PlanOfContract;

/**
 * The contract of {@code planOf}: the plan it gives, run as a custom plan, repeats the run it
 * came from event by event (parameters aside: they name the plan and count its parts).
 */
class VersionSkewPlanOfTest {
    private final VersionSkewScenario scenario = new VersionSkewScenario();

    @Test
    void thePlanOfABuiltInRunRepeatsIt() {
        int failing = 0;
        for (String mode : List.of(Plans.BUGGY, Plans.FIXED)) {
            for (String plan : List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.TARGETED, Plans.SWARM)) {
                for (long seed = 0; seed < 50; seed++) {
                    RunSpec spec = new RunSpec(VersionSkewScenario.NAME, mode, plan, seed);
                    CustomPlan p = scenario.planOf(spec);
                    assertEquals(plan, p.base());
                    assertEquals("version-skew-" + plan + "-seed-" + seed + ".json", p.source());
                    assertNotNull(p.workload());
                    PlanOfContract.assertRepeats(scenario, spec);
                    if (!scenario.run(spec).ok()) {
                        failing++;
                    }
                }
            }
        }
        // The comparison covered failing runs too, not only runs where nothing happens.
        assertTrue(failing > 50, "failing runs compared: " + failing);
    }

    @Test
    void aCustomPlanWithoutWorkloadGetsTheOneItsBaseDraws() {
        for (String base : List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.SWARM)) {
            for (long seed = 0; seed < 10; seed++) {
                CustomPlan builtIn = scenario.planOf(new RunSpec(VersionSkewScenario.NAME, Plans.BUGGY, base, seed));
                CustomPlan faultsOnly =
                        new CustomPlan("faults-only.json", base, builtIn.link(), builtIn.faults(), null);
                RunSpec spec = RunSpec.custom(VersionSkewScenario.NAME, Plans.BUGGY, faultsOnly, seed);
                CustomPlan filled = scenario.planOf(spec);
                assertEquals(builtIn.workload(), filled.workload(), base + " seed " + seed);
                assertEquals("faults-only.json", filled.source());
                PlanOfContract.assertRepeats(scenario, spec);
            }
        }
    }

    @Test
    void theDocumentedPlanIsTheReportsFaultsAndCreates() {
        CustomPlan p = scenario.planOf(new RunSpec(VersionSkewScenario.NAME, Plans.BUGGY, Plans.DOCUMENTED, 46));
        SkewFault.DropResponse lost = new SkewFault.DropResponse("node-1", "CreateTableOnShard");
        assertEquals(
                List.of(lost, lost.end()),
                p.faults().faults().stream().map(f -> f.fault()).toList());
        // The report's table goes to the create that fails, as in the report; the lost one is the hypothesis.
        assertEquals(
                List.of(DocumentedPlan.DOC_LOST_TABLE, DocumentedPlan.DOC_TABLE, DocumentedPlan.DOC_LATER_TABLE),
                p.workload().operations().stream()
                        .map(o -> ((SkewOperation.CreateTable) o.operation()).table())
                        .toList());
        // Replayed as a custom plan it is still the report's failure.
        RunResult r = scenario.run(RunSpec.custom(VersionSkewScenario.NAME, Plans.BUGGY, p, 46));
        assertEquals(
                List.of("C2", "C6", "C3", "C5"),
                r.violations().stream().map(v -> v.invariant()).toList());
    }
}
