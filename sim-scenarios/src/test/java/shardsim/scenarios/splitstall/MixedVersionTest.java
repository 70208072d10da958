package shardsim.scenarios.splitstall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.node.Envelope;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import shardsim.scenarios.splitstall.checks.SplitTracker;
import shardsim.scenarios.splitstall.model.RaftMessage;
import shardsim.scenarios.splitstall.model.SplitStage;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.PlanTimes;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.SplitWorld;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * Stores on different code (issue 18). Both parts of the fix act on the store whose peer becomes
 * leader, and no message between peers changes with it (SplitFidelity), so a region gets the
 * fix of the store that takes it over, whatever its followers run.
 */
class MixedVersionTest {
    private final SplitStallScenario scenario = new SplitStallScenario();

    private static List<TraceEvent> withoutParams(List<TraceEvent> events) {
        List<TraceEvent> out = new ArrayList<>();
        for (TraceEvent e : events) {
            if (e.kind() != TraceKind.PARAM) {
                out.add(e);
            }
        }
        return out;
    }

    private static void assertSameRun(List<TraceEvent> a, List<TraceEvent> b, String what) {
        assertEquals(a.size(), b.size(), what + ": event count");
        for (int i = 0; i < a.size(); i++) {
            TraceEvent x = a.get(i);
            TraceEvent y = b.get(i);
            assertTrue(x.sameAs(y), () -> what + ": differs at " + x.render() + " / " + y.render());
        }
    }

    private static List<String> invariants(RunResult r) {
        return r.violations().stream().map(Violation::invariant).toList();
    }

    /**
     * A run whose every store runs one code by node mode is the run-wide mode's run event for event
     * (only the parameters naming the node modes are new), so no existing figure moved. The CLI check
     * over seeds 0..999 is in the commit that added this test.
     */
    @Test
    void oneCodeOnEveryStoreIsTheRunWideMode() {
        String[][] pairs = {{"buggy", "fixed"}, {"fixed", "buggy"}};
        for (String plan : List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.TARGETED, Plans.SWARM)) {
            for (long seed = 0; seed < (Plans.DOCUMENTED.equals(plan) ? 1 : 6); seed++) {
                for (String[] p : pairs) {
                    Trace plain = Trace.full();
                    RunResult a = scenario.run(new RunSpec(scenario.name(), p[0], plan, seed), plain);
                    Trace byNode = Trace.full();
                    RunResult b = scenario.run(
                            new RunSpec(scenario.name(), p[1], plan, seed).withNodeModes(Map.of(SplitWorld.ROLE, p[0])),
                            byNode);
                    String what = p[0] + " " + plan + " " + seed;
                    assertSameRun(withoutParams(plain.events()), withoutParams(byNode.events()), what);
                    assertEquals(a.violations(), b.violations(), what);
                    assertEquals(
                            a.digest(),
                            scenario.run(new RunSpec(scenario.name(), p[0], plan, seed))
                                    .digest(),
                            what + ": digest-only run");
                }
            }
        }
    }

    /**
     * Every message kind, from an old store to a new one and from a new one to an old one, is
     * handled as between two stores of one code: what the receivers do and send afterwards is the
     * same event for event whichever code each runs (the records carry nothing the fix added).
     */
    @Test
    void everyMessageKindIsHandledAlikeBetweenOldAndNewCode() {
        SplitMode[][] codes = {
            {SplitMode.FIXED, SplitMode.FIXED},
            {SplitMode.BUGGY, SplitMode.FIXED},
            {SplitMode.FIXED, SplitMode.BUGGY},
            {SplitMode.BUGGY, SplitMode.BUGGY}
        };
        List<TraceEvent> reference = null;
        for (SplitMode[] c : codes) {
            Trace trace = Trace.full();
            Simulation sim = new Simulation(7, SimConfig.defaults(), trace);
            List<RegionSpec> regions = List.of(new RegionSpec(150, 48, 6, "store-2", 1_000_000));
            SplitTracker tracker = new SplitTracker(sim, regions);
            for (String name : PlanTimes.STORES) {
                SplitMode m = name.equals("store-1") ? c[0] : name.equals("store-2") ? c[1] : SplitMode.FIXED;
                sim.nodes()
                        .add(
                                name,
                                ctx -> new Store(ctx, StoreConfig.defaults(), m, tracker, PlanTimes.STORES, regions));
            }
            sim.runUntil(1_000_000);
            Store s1 = sim.nodes().node("store-1", Store.class);
            Store s2 = sim.nodes().node("store-2", Store.class);
            assertEquals(c[0], s1.mode());
            assertEquals(c[1], s2.mode());
            List<RaftMessage> toFollower = List.of(
                    new RaftMessage.Append(150, 6, "store-2", 0, 0, List.of(), 0),
                    new RaftMessage.AppendResponse(150, 6, "store-2", true, 0, 48, SplitStage.INITIAL),
                    new RaftMessage.RequestVote(150, 6, "store-2", 0, 0, false, true),
                    new RaftMessage.Vote(150, 6, "store-2", false, false),
                    new RaftMessage.TimeoutNow(150, 5));
            List<RaftMessage> toLeader = List.of(
                    new RaftMessage.Append(150, 5, "store-1", 0, 0, List.of(), 0),
                    new RaftMessage.AppendResponse(150, 6, "store-1", true, 1, 48, SplitStage.INITIAL),
                    new RaftMessage.RequestVote(150, 6, "store-1", 0, 0, false, false),
                    new RaftMessage.Vote(150, 6, "store-1", false, false),
                    new RaftMessage.TimeoutNow(150, 5));
            long id = 10_000;
            for (int i = 0; i < toFollower.size(); i++) {
                long before1 = s1.handledByKind()[i];
                long before2 = s2.handledByKind()[i];
                s1.onMessage(new Envelope(id++, "store-2", "store-1", toFollower.get(i), 0, false, sim.now()));
                s2.onMessage(new Envelope(id++, "store-1", "store-2", toLeader.get(i), 0, false, sim.now()));
                assertEquals(before1 + 1, s1.handledByKind()[i], toFollower.get(i) + " reached store-1");
                assertEquals(before2 + 1, s2.handledByKind()[i], toLeader.get(i) + " reached store-2");
            }
            sim.runUntil(4_000_000);
            List<TraceEvent> events = trace.events();
            if (reference == null) {
                reference = events;
            } else {
                assertSameRun(reference, events, "store-1 " + c[0].name() + ", store-2 " + c[1].name());
            }
        }
    }

    /**
     * The report's timeline: only the code of store-3, which takes region 150 over at t=15.086 s,
     * decides. A new store-3 among old stores re-flushes, waits to recover, and its old followers
     * apply the re-flush's change set (the same flush change set old code proposes) and finish the
     * split; an old store-3 among new stores stalls exactly as in the all-old run.
     */
    @Test
    void theStoreThatTakesTheRegionOverDecides() {
        RunSpec oldRun = new RunSpec(scenario.name(), "buggy", Plans.DOCUMENTED, 0);
        RunResult allOld = scenario.run(oldRun);
        assertFalse(allOld.ok());

        Trace trace = Trace.full();
        RunResult newTaker = scenario.run(oldRun.withNodeModes(Map.of("store-3", "fixed")), trace);
        assertTrue(newTaker.ok(), () -> "violations: " + newTaker.violations());
        assertEquals("store-3=fixed", newTaker.params().get("codes"));
        assertEquals(
                2,
                newTaker.metrics().get("split-duration").length,
                "region 150's split finishes, and the one store-3 starts at 24.880");
        for (String follower : List.of("store-1", "store-2")) {
            assertTrue(
                    trace.events().stream()
                            .anyMatch(e -> e.actor().equals(follower)
                                    && e.timeMicros() > 15_000_000
                                    && e.detail().contains("shard 150:48 set split stage PRE_SPLIT_FLUSH_DONE")),
                    follower + " (old) applies the new leader's flush");
        }

        RunResult oldTaker = scenario.run(
                new RunSpec(scenario.name(), "fixed", Plans.DOCUMENTED, 0).withNodeModes(Map.of("store-3", "buggy")));
        assertEquals(
                allOld.violations().get(0),
                oldTaker.violations().get(0),
                "store-3 on old code stalls as in the all-old run");
        assertTrue(
                invariants(oldTaker).containsAll(List.of("U1", "U3", "U5")),
                invariants(oldTaker).toString());

        RunResult oldOthersNew = scenario.run(oldRun.withNodeModes(Map.of("store-1", "fixed", "store-2", "fixed")));
        assertEquals(
                allOld.violations().get(0),
                oldOthersNew.violations().get(0),
                "new code on the old leader and the other follower does not help");
    }

    /**
     * The region worker is store-wide, so one old store hurts regions new stores lead. Random seed
     * 139 with only store-1 on old code: store-1 takes region 151 over in PRE_SPLIT and its recovery
     * holds its region worker (U5, U1); region 150, led by store-2 on new code from the start and
     * never moved, splits at epoch 49 but cannot finish, because its leader waits for every follower's
     * split files (fsm_peer.go:285-290 at b4ca36b) and store-1 applies none of 150's change sets (U3,
     * and U13: its proposer never stopped leading; U14: store-1 took 151 over with a flush to make).
     */
    @Test
    void anOldStoreStallsTheSplitOfARegionANewStoreLeads() {
        Trace trace = Trace.full();
        RunResult r = scenario.run(
                new RunSpec(scenario.name(), "fixed", Plans.RANDOM, 139).withNodeModes(Map.of("store-1", "buggy")),
                trace);
        assertEquals(List.of("U5", "U1", "U2", "U3", "U6", "U13", "U14"), invariants(r));
        assertTrue(
                r.violations()
                        .get(1)
                        .message()
                        .startsWith("store-1/region-worker: 'recover split 151:13 stage PRE_SPLIT'"),
                r.violations().get(1).message());
        assertTrue(
                r.violations().get(3).message().startsWith("split of region 150 at epoch 49"),
                r.violations().get(3).message());
        List<String> leaders150 = trace.events().stream()
                .filter(e -> e.detail().startsWith("150 became leader"))
                .map(TraceEvent::actor)
                .toList();
        assertEquals(List.of("store-2"), leaders150, "store-2, on new code, leads region 150 throughout");
        assertTrue(trace.events().stream()
                .anyMatch(e -> e.actor().equals("store-2")
                        && e.detail().equals("shard 150:49 split files: propose split-files change set")));
        assertFalse(
                trace.events().stream().anyMatch(e -> e.detail().contains("150:49 finish split")),
                "store-1 never reports its split files");
        assertTrue(
                scenario.run(new RunSpec(scenario.name(), "fixed", Plans.RANDOM, 139))
                        .ok(),
                "all on new code, the seed passes");
    }

    private CustomPlan documentedWith(FaultPlan extra, String mode) {
        CustomPlan base = scenario.planOf(new RunSpec(scenario.name(), mode, Plans.DOCUMENTED, 0));
        return base.withFaults(base.faults().merge(extra));
    }

    /**
     * Upgrading the stuck store clears it: the restart drops the recovery that held its region
     * worker, the new process reloads the engine from the meta, which the applier had already moved
     * to PRE_SPLIT_FLUSH_DONE, and the split finishes; only the old code's U5 and U1, raised before
     * the upgrade, remain (no U2, no U3). Downgrading store-3 before it takes over brings the stall back.
     */
    @Test
    void upgradingTheStuckStoreFinishesTheSplitAndADowngradeBringsTheStallBack() {
        long at = 20_000_000;
        CustomPlan up = documentedWith(
                FaultPlan.builder()
                        .at(at, new NodeFault.Upgrade("store-3", "fixed"))
                        .build(),
                "buggy");
        Trace trace = Trace.full();
        RunResult r = scenario.run(RunSpec.custom(scenario.name(), "buggy", up, 0), trace);
        assertEquals(List.of("U5", "U1"), invariants(r), () -> r.violations().toString());
        for (Violation v : r.violations()) {
            assertTrue(v.timeMicros() < at, () -> "raised under the old code only: " + v);
        }
        assertTrue(
                trace.events().stream()
                        .anyMatch(e -> e.timeMicros() > at && e.detail().contains("150:48 finish split")),
                "the split of 150:48 finishes after store-3's upgrade");

        CustomPlan down = documentedWith(
                FaultPlan.builder()
                        .at(14_500_000, new NodeFault.Downgrade("store-3", "buggy"))
                        .build(),
                "fixed");
        RunResult d = scenario.run(RunSpec.custom(scenario.name(), "fixed", down, 0));
        // The downgrade's restart also lost store-3's pre-split mem-table, so no flush will come at all:
        // the old recovery holds the worker in PRE_SPLIT (U5) with nothing queued behind it that could end
        // the wait (no U1), the other regions' change sets pile up behind it (U2) and the split never ends (U3), and
        // the engine never catches up with the applier (U6).
        assertEquals(
                List.of("U5", "U2", "U3", "U6"), invariants(d), () -> "downgraded store-3 stalls: " + d.violations());
        assertTrue(d.violations().get(0).timeMicros() > 14_500_000);
    }

    /**
     * The restart case of the fix's gap: a split old code left half-done on disk, taken over by new
     * code. store-3 is upgraded at 14.5 s, after PRE_SPLIT is applied and before it takes region 150
     * over. The new process reloads the meta's PRE_SPLIT with one empty writable mem-table (loadShard,
     * engine.go:421-431 at 3522d5f), so #643's TriggerFlush, which only relabels an immutable table that
     * exists (engine.go:807-834), has nothing to flush; store-2's pre-split flush was still running when
     * it lost the lead, so nobody proposes one, and #615's watcher waits to the end of the run. The
     * split never finishes (U3, a declared gap), and no claimed invariant breaks.
     */
    @Test
    void newCodeCannotFinishASplitOldCodeLeftInPreSplitOnDisk() {
        CustomPlan up = documentedWith(
                FaultPlan.builder()
                        .at(14_500_000, new NodeFault.Upgrade("store-3", "fixed"))
                        .build(),
                "buggy");
        Trace trace = Trace.full();
        RunResult r = scenario.run(RunSpec.custom(scenario.name(), "buggy", up, 0), trace);
        assertEquals(List.of("U3"), invariants(r), () -> "violations: " + r.violations());
        assertTrue(r.holdsApartFrom(scenario.residualGaps()));
        assertTrue(
                trace.events().stream()
                        .noneMatch(e -> e.actor().equals("store-3")
                                && e.timeMicros() > 14_500_000
                                && e.detail().contains("150:48 trigger flush mem table")),
                "store-3 has no mem-table to flush after its restart");
        assertTrue(
                trace.events().stream()
                        .anyMatch(e -> e.actor().equals("store-3")
                                && e.timeMicros() > 40_000_000
                                && e.detail().startsWith("shard 150:48 wait to recover split, stage PRE_SPLIT")),
                "store-3's watcher still waits at the end");
        assertTrue(trace.events().stream().noneMatch(e -> e.detail().contains("150:48 finish split")));
    }

    @Test
    void mixedRunsAndUpgradesAreDeterministic() {
        RunSpec mixed =
                new RunSpec(scenario.name(), "fixed", Plans.RANDOM, 139).withNodeModes(Map.of("store-1", "buggy"));
        assertTrue(
                shardsim.core.scenario.DeterminismCheck.check(scenario, mixed).isEmpty());
        CustomPlan up = documentedWith(
                FaultPlan.builder()
                        .at(20_000_000, new NodeFault.Upgrade("store-3", "fixed"))
                        .build(),
                "buggy");
        assertTrue(
                shardsim.core.scenario.DeterminismCheck.check(scenario, RunSpec.custom(scenario.name(), "buggy", up, 0))
                        .isEmpty());
    }

    @Test
    void theWorldHasOneRoleOfEveryStore() {
        RunSpec spec = new RunSpec(scenario.name(), "buggy", Plans.RANDOM, 0);
        assertEquals(Map.of("store", PlanTimes.STORES), scenario.worldRoles(spec));
    }
}
