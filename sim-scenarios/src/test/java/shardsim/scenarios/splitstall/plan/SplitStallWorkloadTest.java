package shardsim.scenarios.splitstall.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import shardsim.core.workload.Operation;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;
import shardsim.scenarios.splitstall.SplitStallScenario;
import shardsim.testkit.PlanOfContract;

/** Workloads and plans as data: every operation kind runs, anything a plan names may be missing, plans carry what the run did. */
class SplitStallWorkloadTest {
    private final SplitStallScenario scenario = new SplitStallScenario();

    private static CustomPlan documentedPlan(FaultPlan faults, Workload workload) {
        return new CustomPlan("test-plan.json", Plans.DOCUMENTED, LinkPolicy.reliable(), faults, workload);
    }

    private RunResult run(String mode, CustomPlan plan, Trace trace) {
        return scenario.run(RunSpec.custom(scenario.name(), mode, plan, 1), trace);
    }

    private static List<String> notes(Trace trace) {
        List<String> out = new ArrayList<>();
        for (TraceEvent e : trace.events()) {
            if (e.kind() == TraceKind.STATE
                    && (e.actor().equals("workload") || e.actor().equals("faults"))) {
                out.add(e.detail());
            }
        }
        return out;
    }

    @Test
    void everyOperationKindIsPerformed() {
        List<Operation> samples =
                List.of(new SplitOperation.Write(150, 300_000), new SplitOperation.SplitCheck(150, "store-2"));
        List<Class<? extends Operation>> kinds = scenario.operationKinds();
        assertEquals(List.of(SplitOperation.class.getPermittedSubclasses()), kinds);
        assertEquals(
                kinds,
                samples.stream().map(Operation::getClass).toList(),
                "one sample per operation kind, in declaration order");
        Workload.Builder w = Workload.builder();
        for (int i = 0; i < samples.size(); i++) {
            w.at(1_000_000L * (i + 1), samples.get(i));
        }
        Trace trace = Trace.full();
        RunResult r = run(Plans.FIXED, documentedPlan(FaultPlan.empty(), w.build()), trace);
        for (Operation o : samples) {
            assertTrue(
                    trace.events().stream()
                            .anyMatch(e ->
                                    e.actor().equals("workload") && e.detail().equals(o.toString())),
                    o + " performed");
        }
        assertEquals(List.of(), notes(trace), "nothing skipped");
        assertTrue(r.ok(), () -> "violations: " + r.violations());
        assertEquals(1, r.metrics().get("split-duration").length, "the split check started a split, and it finished");
        assertEquals(
                List.of("write", "split-check"),
                samples.stream().map(Operation::kind).toList());
    }

    @Test
    void whatAPlanNamesButTheWorldLacksIsSkippedWithANote() {
        Workload workload = Workload.builder()
                .at(1_000_000, new SplitOperation.Write(999, 1_000))
                .at(1_100_000, new SplitOperation.SplitCheck(999, "store-2"))
                .at(1_200_000, new SplitOperation.SplitCheck(150, "store-9"))
                .at(1_300_000, new SplitOperation.SplitCheck(150, "store-1"))
                .at(2_000_001, new SplitOperation.Write(150, 1_000))
                .at(2_000_002, new SplitOperation.SplitCheck(150, "store-2"))
                .build();
        FaultPlan faults = FaultPlan.builder()
                .at(1_400_000, new SplitFaults.TransferLeader(999, "store-1"))
                .at(1_500_000, new SplitFaults.TransferLeader(150, "store-9"))
                .at(1_600_000, new SplitFaults.SlowFlush("store-9", 1_000))
                .at(2_000_000, new NodeFault.Crash("store-2"))
                .at(3_000_000, new NodeFault.Restart("store-2"))
                .build();
        Trace trace = Trace.full();
        RunResult r = run(Plans.BUGGY, documentedPlan(faults, workload), trace);
        assertNotNull(r);
        assertEquals(
                List.of(
                        "write skipped: no region 999 in this world",
                        "split check skipped: no region 999 in this world",
                        "split check of region 150 skipped: no store store-9",
                        "split check of region 150 on store-1: not its leader, nothing proposed",
                        "leader transfer skipped: no region 999 in this world",
                        "leader transfer of region 150 skipped: no store store-9",
                        "slow flush skipped: no store store-9",
                        "write to region 150 skipped: no store leads it",
                        "split check of region 150 skipped: store-2 is down"),
                notes(trace));
        assertEquals(0, r.metrics().getOrDefault("split-duration", new long[0]).length, "no split started");
    }

    @Test
    void theDocumentedPlanIsData() {
        CustomPlan plan = scenario.planOf(new RunSpec(scenario.name(), Plans.BUGGY, Plans.DOCUMENTED, 1));
        assertEquals(Plans.DOCUMENTED, plan.base());
        assertEquals(
                List.of(
                        new TimedFault(13_000_000, new SplitFaults.SlowFlush("store-2", 1_200_000)),
                        new TimedFault(15_086_000, new SplitFaults.TransferLeader(150, "store-3"))),
                plan.faults().faults());
        List<TimedOperation> checks = plan.workload().operations().stream()
                .filter(o -> o.operation() instanceof SplitOperation.SplitCheck)
                .toList();
        assertEquals(
                List.of(
                        new TimedOperation(13_863_000, new SplitOperation.SplitCheck(150, "store-2")),
                        new TimedOperation(24_880_000, new SplitOperation.SplitCheck(150, "store-3"))),
                checks,
                "the report's store-2 check and store-3's at 09:24.880");
        assertEquals(3 * 449, plan.workload().size() - 2, "a write to each of three regions every 100 ms before 45 s");
        RunResult replay = scenario.run(RunSpec.custom(scenario.name(), Plans.BUGGY, plan, 1));
        assertEquals(
                List.of("U5", "U1", "U2", "U3", "U6", "U14"),
                replay.violations().stream().map(v -> v.invariant()).toList());
    }

    @Test
    void withoutItsSplitCheckTheDocumentedWorldNeverSplits() {
        CustomPlan plan = scenario.planOf(new RunSpec(scenario.name(), Plans.BUGGY, Plans.DOCUMENTED, 1));
        List<TimedOperation> writes = plan.workload().operations().stream()
                .filter(o -> o.operation() instanceof SplitOperation.Write)
                .toList();
        RunResult r =
                scenario.run(RunSpec.custom(scenario.name(), Plans.BUGGY, plan.withWorkload(new Workload(writes)), 1));
        assertTrue(r.ok(), () -> "violations: " + r.violations());
        assertEquals(0, r.metrics().getOrDefault("split-duration", new long[0]).length);
    }

    @Test
    void aTargetedPlanListsTheFaultsItAimedAtSplitsAndItsReplayAimsNone() {
        RunSpec spec = new RunSpec(scenario.name(), Plans.BUGGY, Plans.TARGETED, 0);
        Trace original = Trace.full();
        RunResult first = scenario.run(spec, original);
        long drawn = Long.parseLong(first.params().get("faults.planned"));
        CustomPlan plan = scenario.planOf(spec);
        assertTrue(
                plan.faults().size() > drawn,
                "aimed faults listed: " + plan.faults().size() + " > " + drawn);
        assertEquals("split-stall-targeted-seed-0.json", plan.source());
        assertEquals(Plans.TARGETED, plan.base());
        assertEquals(plan.faults().size(), faultsApplied(original), "the original applied every listed fault");
        Trace replay = Trace.full();
        RunResult second = scenario.run(RunSpec.custom(scenario.name(), Plans.BUGGY, plan, spec.seed()), replay);
        assertEquals(plan.faults().size(), faultsApplied(replay), "the replay applied its plan and aimed nothing more");
        assertEquals(first.violations(), second.violations());
    }

    /**
     * random draws every fault up front, whatever the system does: its plans are the drawn faults
     * alone. swarm does too in the runs whose aiming draw is off; those that aim apply more.
     */
    @Test
    void randomAimsNothingAndSwarmAimsOnlyWhenItsDrawSaysSo() {
        int swarmAiming = 0;
        for (String base : List.of(Plans.RANDOM, Plans.SWARM)) {
            for (long seed = 0; seed < 20; seed++) {
                RunSpec spec = new RunSpec(scenario.name(), Plans.BUGGY, base, seed);
                Trace trace = Trace.full();
                RunResult r = scenario.run(spec, trace);
                long drawn = Long.parseLong(r.params().get("faults.planned"));
                boolean aims = scenario.aimsFaultsFor(spec);
                assertEquals(
                        aims,
                        r.params().containsKey("aim"),
                        base + " " + seed + ": a run names its aiming when it aims");
                if (!aims) {
                    assertEquals(drawn, faultsApplied(trace), base + " " + seed + ": only drawn faults are applied");
                    assertEquals(drawn, scenario.planOf(spec).faults().size(), base + " " + seed);
                } else {
                    assertEquals(Plans.SWARM, base, "random never aims");
                    swarmAiming++;
                    assertEquals(
                            faultsApplied(trace), scenario.planOf(spec).faults().size(), base + " " + seed);
                }
            }
        }
        assertTrue(swarmAiming > 0 && swarmAiming < 20, "swarm aims in some runs and not in others: " + swarmAiming);
    }

    private static long faultsApplied(Trace trace) {
        return trace.events().stream().filter(e -> e.kind() == TraceKind.FAULT).count();
    }

    @Test
    void aCustomPlanThatLeavesItsWorkloadToTheSeedGetsItFilledIn() {
        for (String base : List.of(Plans.RANDOM, Plans.SWARM, Plans.DOCUMENTED)) {
            CustomPlan drawn = scenario.planOf(new RunSpec(scenario.name(), Plans.FIXED, base, 7));
            CustomPlan open = new CustomPlan("open.json", base, drawn.link(), drawn.faults(), null);
            CustomPlan filled = scenario.planOf(RunSpec.custom(scenario.name(), Plans.FIXED, open, 7));
            assertEquals(drawn.workload(), filled.workload(), base);
            // The two runs differ only in their parameters (a plan that lists its operations counts them).
            assertEquals(
                    Optional.empty(),
                    PlanOfContract.difference(scenario, RunSpec.custom(scenario.name(), Plans.FIXED, open, 7)),
                    base);
        }
    }

    @Test
    void aCustomPlanNeedsABuiltInBase() {
        CustomPlan plan =
                new CustomPlan("odd.json", "scripted", LinkPolicy.reliable(), FaultPlan.empty(), Workload.empty());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> run(Plans.FIXED, plan, Trace.digestOnly()));
        assertEquals(
                "unknown base plan 'scripted' (expected one of documented, random, targeted, swarm)", e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> scenario.planOf(RunSpec.custom(scenario.name(), Plans.FIXED, plan, 1)));
    }
}
