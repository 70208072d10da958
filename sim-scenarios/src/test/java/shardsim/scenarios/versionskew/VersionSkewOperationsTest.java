package shardsim.scenarios.versionskew;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.TimedFault;
import shardsim.core.net.LinkPolicy;
import shardsim.core.run.StagedRun;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import shardsim.core.workload.Operation;
import shardsim.core.workload.Workload;
import shardsim.scenarios.versionskew.model.ClientDriver;
import shardsim.scenarios.versionskew.model.DataNode;
import shardsim.scenarios.versionskew.model.SkewCluster;
import shardsim.scenarios.versionskew.plan.SkewFault;
import shardsim.scenarios.versionskew.plan.SkewOperation;
import shardsim.scenarios.versionskew.plan.SkewOperation.CreateTable;
import shardsim.scenarios.versionskew.plan.SkewOperation.DropTable;
import shardsim.scenarios.versionskew.plan.World;

/** The client's operations: every kind is performed, and one that cannot happen is skipped with a note. */
class VersionSkewOperationsTest {
    private final VersionSkewScenario scenario = new VersionSkewScenario();

    private Trace run(String mode, Workload workload, List<String> violations) {
        CustomPlan plan =
                new CustomPlan("ops.json", Plans.DOCUMENTED, LinkPolicy.reliable(), FaultPlan.empty(), workload);
        Trace trace = Trace.full();
        RunResult r = scenario.run(RunSpec.custom(VersionSkewScenario.NAME, mode, plan, 1), trace);
        for (var v : r.violations()) {
            violations.add(v.invariant());
        }
        return trace;
    }

    private static List<String> details(Trace trace, TraceKind kind, String actor) {
        List<String> out = new ArrayList<>();
        for (TraceEvent e : trace.events()) {
            if (e.kind() == kind && e.actor().equals(actor)) {
                out.add(e.detail());
            }
        }
        return out;
    }

    private static long count(List<String> lines, String part) {
        return lines.stream().filter(l -> l.contains(part)).count();
    }

    @Test
    void theKindsAreEveryOperationRecord() {
        TreeSet<String> permitted = new TreeSet<>();
        for (Class<?> c : SkewOperation.class.getPermittedSubclasses()) {
            permitted.add(c.getName());
        }
        TreeSet<String> listed = new TreeSet<>();
        for (Class<? extends Operation> c : scenario.operationKinds()) {
            listed.add(c.getName());
        }
        assertEquals(permitted, listed);
        assertEquals("create-table", new CreateTable(46, "T").kind());
        assertEquals("drop-table", new DropTable(46, "T").kind());
    }

    @Test
    void everyKindIsPerformed() {
        Workload w = Workload.builder()
                .at(1_000_000, new CreateTable(46, "T_A"))
                .at(1_000_000, new CreateTable(47, "T_B"))
                .at(3_000_000, new DropTable(46, "T_A"))
                .at(5_000_000, new CreateTable(46, "T_C"))
                .build();
        CustomPlan plan = new CustomPlan("ops.json", Plans.DOCUMENTED, LinkPolicy.reliable(), FaultPlan.empty(), w);
        Trace trace = Trace.full();
        StagedRun<World, SkewCluster> run =
                scenario.stage(RunSpec.custom(VersionSkewScenario.NAME, Plans.FIXED, plan, 1), trace);
        RunResult r = run.finish();
        assertTrue(r.ok(), () -> r.violations().toString());
        List<String> steps = details(trace, TraceKind.TIMER, "workload");
        assertEquals(4, steps.size(), steps.toString());
        List<String> sent = details(trace, TraceKind.SEND, ClientDriver.NAME);
        assertEquals(1, count(sent, "CREATE TABLE T_A"), sent.toString());
        assertEquals(1, count(sent, "CREATE TABLE T_B"), sent.toString());
        assertEquals(1, count(sent, "DROP TABLE T_A"), sent.toString());
        assertEquals(1, count(sent, "CREATE TABLE T_C"), sent.toString());
        assertEquals(0, count(details(trace, TraceKind.STATE, ClientDriver.NAME), "skipped"));
        // The drop reached the node: the shard's leader no longer has T_A but has T_C.
        DataNode.Shard shard = run.sim().nodes().node("node-1", DataNode.class).shard(46);
        assertFalse(shard.hasTable("T_A"));
        assertTrue(shard.hasTable("T_C"));
        assertTrue(run.sim().nodes().node("node-2", DataNode.class).shard(47).hasTable("T_B"));
    }

    @Test
    void whatCannotHappenIsSkippedWithANote() {
        Workload w = Workload.builder()
                // No shard 999 in the documented world.
                .at(1_000_000, new CreateTable(999, "T_X"))
                .at(1_000_000, new DropTable(999, "T_X"))
                // Never created.
                .at(2_000_000, new DropTable(47, "NEVER_CREATED"))
                // The second create on a shard goes out while the first is unanswered.
                .at(3_000_000, new CreateTable(46, "T_1"))
                .at(3_000_000, new CreateTable(46, "T_2"))
                .at(3_000_000, new DropTable(46, "T_1"))
                // Created on 46, not on 47.
                .at(6_000_000, new DropTable(47, "T_1"))
                .build();
        List<String> violations = new ArrayList<>();
        Trace trace = run(Plans.FIXED, w, violations);
        assertEquals(List.of(), violations);
        List<String> notes = new ArrayList<>(details(trace, TraceKind.STATE, ClientDriver.NAME));
        assertEquals(2, count(notes, "shard 999 does not exist in this world"), notes.toString());
        assertEquals(
                1,
                count(
                        notes,
                        "skipped DROP TABLE NEVER_CREATED on shard 47: the client was never told it was created there"),
                notes.toString());
        assertEquals(1, count(notes, "skipped CREATE TABLE T_2 on shard 46: the client still waits"), notes.toString());
        assertEquals(1, count(notes, "skipped DROP TABLE T_1 on shard 46: the client still waits"), notes.toString());
        assertEquals(
                1, count(notes, "skipped DROP TABLE T_1 on shard 47: the client was never told"), notes.toString());
        List<String> sent = details(trace, TraceKind.SEND, ClientDriver.NAME);
        assertEquals(1, count(sent, "CREATE TABLE T_1"), sent.toString());
        assertEquals(0, count(sent, "T_2"), sent.toString());
        // No workload drop goes out; the only drops are C3's, of each shard's own probe table.
        assertEquals(0, count(sent, "DROP TABLE T_") + count(sent, "DROP TABLE NEVER_CREATED"), sent.toString());
        assertEquals(count(sent, "DROP TABLE"), count(sent, "DROP TABLE PROBE_"), sent.toString());
    }

    @Test
    void anyPrefixOfTheDocumentedWorkloadRuns() {
        Workload all = scenario.planOf(new RunSpec(VersionSkewScenario.NAME, Plans.BUGGY, Plans.DOCUMENTED, 46))
                .workload();
        for (int n = 0; n <= all.size(); n++) {
            Workload part = new Workload(all.operations().subList(0, n));
            List<String> violations = new ArrayList<>();
            run(Plans.FIXED, part, violations);
            assertEquals(List.of(), violations, "fixed holds with the first " + n + " creates");
        }
    }

    @Test
    void aCustomPlanNeedsABuiltInBase() {
        CustomPlan plan =
                new CustomPlan("odd.json", "nightly", LinkPolicy.reliable(), FaultPlan.empty(), Workload.empty());
        RunSpec spec = RunSpec.custom(VersionSkewScenario.NAME, Plans.FIXED, plan, 1);
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> scenario.run(spec));
        assertEquals(
                "unknown base plan 'nightly' (expected one of documented, random, targeted, swarm)", ex.getMessage());
        assertThrows(IllegalArgumentException.class, () -> scenario.planOf(spec));
    }

    @Test
    void eachEndFaultEndsItsOwnStart() {
        assertTrue(new SkewFault.DropResponse("node-1", "OpenShard")
                .end()
                .ends(new SkewFault.DropResponse("node-1", "OpenShard")));
        assertFalse(new SkewFault.DropResponse("node-1", "OpenShard")
                .end()
                .ends(new SkewFault.DropResponse("node-2", "OpenShard")));
        assertFalse(new SkewFault.DropResponse("node-1", "OpenShard")
                .end()
                .ends(new SkewFault.DropResponse("node-1", "CreateTableOnShard")));
        assertTrue(new SkewFault.EngineFailure("node-2", 0.5).end().ends(new SkewFault.EngineFailure("node-2", 0.5)));
        assertFalse(new SkewFault.EngineFailure("node-2", 0.5).end().ends(new SkewFault.EngineFailure("node-1", 0.5)));
        assertTrue(new SkewFault.MetaCrashBeforePersist(300_000)
                .end()
                .ends(new SkewFault.MetaCrashBeforePersist(300_000)));
        assertFalse(
                new SkewFault.MetaCrashBeforePersist(300_000).end().ends(new SkewFault.HeartbeatDelay("node-1", 1)));
        assertTrue(new SkewFault.HeartbeatDelay("node-1", 1_000_000)
                .end()
                .ends(new SkewFault.HeartbeatDelay("node-1", 1_000_000)));
        assertFalse(new SkewFault.HeartbeatDelay("node-1", 1_000_000)
                .end()
                .ends(new SkewFault.HeartbeatDelay("node-3", 1_000_000)));
        assertFalse(new SkewFault.DropResponse("node-1", "OpenShard")
                .ends(new SkewFault.DropResponse("node-1", "OpenShard")));
        assertEquals(
                "drop-response-end",
                new SkewFault.DropResponse("node-1", "OpenShard").end().kind());
    }

    /** In every generated plan each lasting scenario fault that ends is ended by a later fault that says so. */
    @Test
    void generatedEndsFollowTheirStarts() {
        for (String plan : List.of(Plans.RANDOM, Plans.SWARM)) {
            for (long seed = 0; seed < 200; seed++) {
                List<TimedFault> faults = scenario.planOf(
                                new RunSpec(VersionSkewScenario.NAME, Plans.BUGGY, plan, seed))
                        .faults()
                        .faults();
                for (int i = 0; i < faults.size(); i++) {
                    Fault end = faults.get(i).fault();
                    if (!(end instanceof SkewFault) || end.activityDelta() >= 0) {
                        continue;
                    }
                    boolean found = false;
                    for (int j = 0; j < faults.size() && !found; j++) {
                        found = faults.get(j).atMicros() <= faults.get(i).atMicros()
                                && end.ends(faults.get(j).fault());
                    }
                    assertTrue(found, plan + " seed " + seed + ": " + end + " ends no earlier start");
                }
            }
        }
    }
}
