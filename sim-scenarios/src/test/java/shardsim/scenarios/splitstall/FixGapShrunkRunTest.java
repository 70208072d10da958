package shardsim.scenarios.splitstall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Verdict;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.core.workload.Workload;
import shardsim.scenarios.splitstall.plan.SplitFaults;
import shardsim.scenarios.splitstall.plan.SplitOperation;

/**
 * The shrunk runs the fidelity table cites for the fix's gaps (SplitClaims.GAP): U3 from fixed random
 * seed 22 ({@code ./sim shrink split-stall --mode fixed --plan random --seed 22 --fail-on-gaps
 * --invariant U3 --threads 1}: one leader transfer and eight writes) and U7 from fixed targeted seed
 * 250 (the same with {@code --plan targeted --seed 250 --invariant U7}: a transfer, two crashes and
 * their restarts, eleven writes), both on a link with no loss or duplication. The plans are spelled
 * out here so the evidence does not depend on the report's files.
 */
class FixGapShrunkRunTest {
    private final SplitStallScenario scenario = new SplitStallScenario();

    static final long TRANSFER_AT_MICROS = 11_324_252;

    /** The shrunk plan, as the shrinker wrote it ({@code seed} 22 draws the rest: flush times, election timeouts). */
    static CustomPlan shrunkU3(boolean withTransfer) {
        long[][] writes = {
            {7_266_775, 1_838_137},
            {7_416_601, 2_076_328},
            {7_836_446, 1_333_333},
            {8_129_367, 2_115_063},
            {9_748_127, 1_887_213},
            {10_470_696, 1_544_244},
            {10_479_265, 1_465_089},
            {10_565_557, 754_561}
        };
        Workload.Builder w = Workload.builder();
        for (long[] op : writes) {
            w.at(op[0], new SplitOperation.Write(151, op[1]));
        }
        FaultPlan.Builder f = FaultPlan.builder();
        if (withTransfer) {
            f.at(TRANSFER_AT_MICROS, new SplitFaults.TransferLeader(151, "store-3"));
        }
        LinkPolicy link =
                new LinkPolicy(0.0, 0.0, new Delay.Exponential(500, 5_000, 200_000), LinkPolicy.DEFAULT_CAPACITY);
        return new CustomPlan("gap-u3-random-22-shrunk.json", Plans.RANDOM, link, f.build(), w.build());
    }

    private RunResult run(String mode, CustomPlan plan, Trace trace) {
        return scenario.run(RunSpec.custom(scenario.name(), mode, plan, 22), trace);
    }

    private static long firstAt(List<TraceEvent> events, String actor, String detail) {
        return events.stream()
                .filter(e -> e.actor().equals(actor) && e.detail().equals(detail))
                .mapToLong(TraceEvent::timeMicros)
                .findFirst()
                .orElseThrow(() -> new AssertionError(actor + ": no '" + detail + "'"));
    }

    /**
     * store-2 leads region 151 and commits its PRE_SPLIT at term 1; the transfer makes store-3 leader
     * at term 2 before store-3 has applied it, so OnRoleChanged reads the meta at INITIAL and starts no
     * recovery (peer.go:739-766 at 3522d5f); store-3 then applies and flushes the PRE_SPLIT, store-2's
     * checker fails "not leader" in splitShardFiles, and nothing else calls splitShardFiles
     * (worker.go:240, :581). The fixed mode breaks no claim; only the gap U3 shows.
     */
    @Test
    void oneLeaderTransferLeavesTheSplitForGood() {
        Trace trace = Trace.full();
        RunResult r = run(Plans.FIXED, shrunkU3(true), trace);
        assertEquals(
                List.of("U3"),
                r.violations().stream().map(Violation::invariant).toList(),
                () -> "violations: " + r.violations());
        assertTrue(Verdict.of(scenario, r).broken().isEmpty(), "no claim of fixed breaks");
        assertTrue(
                r.violations().get(0).message().startsWith("split of region 151 at epoch 12"),
                r.violations().get(0).message());
        List<TraceEvent> events = trace.events();
        long leader = firstAt(events, "store-3", "151 became leader at term 2");
        long applied = firstAt(events, "store-3", "shard 151:12 apply change set pre-split stage PRE_SPLIT seq 13");
        long committedOnOld =
                firstAt(events, "store-2", "shard 151:12 apply change set pre-split stage PRE_SPLIT seq 13");
        assertTrue(
                committedOnOld < TRANSFER_AT_MICROS && TRANSFER_AT_MICROS < leader && leader < applied,
                "store-2 applied the PRE_SPLIT before the transfer, store-3 only after it became leader");
        firstAt(events, "store-3", "shard 151:12 set split stage PRE_SPLIT_FLUSH_DONE");
        firstAt(events, "store-2", "shard 151:12 failed to split files err: region 151 is not leader");
        assertTrue(
                events.stream()
                        .noneMatch(e -> e.detail().contains("151:12 recover split")
                                || e.detail().contains("151:12 watch to recover split")),
                "no recovery of 151:12 anywhere");
    }

    /** The transfer is what the gap needs: without it the same writes split region 151 and the split finishes. */
    @Test
    void withoutTheTransferTheSplitFinishes() {
        RunResult r = run(Plans.FIXED, shrunkU3(false), Trace.digestOnly());
        assertTrue(r.ok(), () -> "violations: " + r.violations());
        assertTrue(r.metrics().get("split-duration").length >= 1, "the split finished");
    }

    private static final LinkPolicy CALM =
            new LinkPolicy(0.0, 0.0, new Delay.Exponential(500, 5_000, 200_000), LinkPolicy.DEFAULT_CAPACITY);

    /** U7's shrunk plan (targeted seed 250). */
    static CustomPlan shrunkU7() {
        long[][] writes = {
            {4_690_168, 151, 1_543_516},
            {4_703_151, 151, 926_099},
            {4_711_020, 153, 1_341_118},
            {4_802_012, 150, 811_904},
            {4_807_215, 151, 1_790_506},
            {5_038_343, 150, 1_874_413},
            {5_092_303, 150, 1_877_311},
            {5_181_113, 150, 565_963},
            {5_821_675, 150, 1_997_959},
            {5_971_877, 153, 1_004_124},
            {6_346_328, 150, 1_143_033}
        };
        Workload.Builder w = Workload.builder();
        for (long[] op : writes) {
            w.at(op[0], new SplitOperation.Write(op[1], op[2]));
        }
        FaultPlan faults = FaultPlan.builder()
                .at(6_307_560, new SplitFaults.TransferLeader(150, "store-2"))
                .at(6_376_872, new NodeFault.Crash("store-2"))
                .at(8_125_286, new NodeFault.Crash("store-3"))
                .at(8_156_934, new NodeFault.Restart("store-2"))
                .at(9_362_347, new NodeFault.Restart("store-3"))
                .build();
        return new CustomPlan("gap-u7-targeted-250-shrunk.json", Plans.TARGETED, CALM, faults, w.build());
    }

    /**
     * store-1's split checker proposes region 150's PRE_SPLIT and waits in waitForPreSplitFlushState
     * (split.go:91-99 at 3522d5f: no epoch or leader check). Leadership moves to store-2, which relabels
     * its mem-table for the pre-split flush and crashes before the flush; restarted, it reloads the
     * engine with no immutable table (loadShard, engine.go:421-431), leads again and has nothing for
     * TriggerFlush to relabel (engine.go:807-834), so its #615 watcher waits for a flush nobody makes
     * (U3), and store-1's checker, still waiting for region 150, never reaches region 153's split check
     * queued behind it, though store-1 leads 153 past the split size (U7). No claim of fixed breaks.
     */
    @Test
    void aRestartedLeaderInPreSplitBlocksTheSplitCheckerOfAnotherStore() {
        Trace trace = Trace.full();
        RunResult r = scenario.run(RunSpec.custom(scenario.name(), Plans.FIXED, shrunkU7(), 250), trace);
        assertTrue(Verdict.of(scenario, r).broken().isEmpty(), () -> "no claim of fixed breaks: " + r.violations());
        List<String> invariants = r.violations().stream()
                .map(Violation::invariant)
                .distinct()
                .sorted()
                .toList();
        assertEquals(List.of("U3", "U7"), invariants, () -> "violations: " + r.violations());
        Violation u7 = r.violations().stream()
                .filter(v -> v.invariant().equals("U7"))
                .findFirst()
                .orElseThrow();
        assertTrue(u7.message().startsWith("region 153 at epoch 7"), u7.message());
        List<TraceEvent> events = trace.events();
        assertTrue(
                events.stream()
                        .anyMatch(e -> e.actor().equals("store-1/split-checker")
                                && e.kind() == shardsim.core.trace.TraceKind.TASK_QUEUED
                                && e.detail().startsWith("split region 153:7")),
                "store-1's checker queues region 153's check");
        assertTrue(
                events.stream()
                        .noneMatch(e -> e.actor().equals("store-1/split-checker")
                                && e.kind() == shardsim.core.trace.TraceKind.TASK_START
                                && e.detail().startsWith("split region 153:7")),
                "region 153's check never starts behind region 150's");
        firstAt(events, "store-2", "150 became leader at term 8");
        assertTrue(
                events.stream()
                        .anyMatch(e -> e.actor().equals("store-2")
                                && e.detail()
                                        .equals(
                                                "shard 150:48 wait to recover split, stage PRE_SPLIT, request seq 9, current seq 9")
                                && e.timeMicros() > 30_000_000L),
                "the restarted leader's watcher still waits at 30 s");
    }
}
