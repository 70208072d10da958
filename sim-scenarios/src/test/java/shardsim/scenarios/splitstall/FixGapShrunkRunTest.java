package shardsim.scenarios.splitstall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fault.FaultPlan;
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

/**
 * The shrunk run the fidelity table cites for the fix's gap U3 (SplitClaims.GAP): fixed random seed
 * 22 cut down by {@code ./sim shrink split-stall --mode fixed --plan random --seed 22 --fail-on-gaps
 * --invariant U3 --threads 1} to one leader transfer and eight writes, on a link with no loss or
 * duplication. The plan is spelled out here so the evidence does not depend on the report's files.
 */
class FixGapShrunkRunTest {
    private final SplitStallScenario scenario = new SplitStallScenario();

    static final long TRANSFER_AT_MICROS = 11_324_252;

    /** The shrunk plan, as the shrinker wrote it ({@code seed} 22 draws the rest: flush times, election timeouts). */
    static CustomPlan shrunkU3(boolean withTransfer) {
        long[][] writes = {{7_266_775, 1_838_137}, {7_416_601, 2_076_328}, {7_836_446, 1_333_333}, {8_129_367, 2_115_063},
            {9_748_127, 1_887_213}, {10_470_696, 1_544_244}, {10_479_265, 1_465_089}, {10_565_557, 754_561}};
        Workload.Builder w = Workload.builder();
        for (long[] op : writes) {
            w.at(op[0], new SplitOperation.Write(151, op[1]));
        }
        FaultPlan.Builder f = FaultPlan.builder();
        if (withTransfer) {
            f.at(TRANSFER_AT_MICROS, new SplitFaults.TransferLeader(151, "store-3"));
        }
        LinkPolicy link = new LinkPolicy(0.0, 0.0, new Delay.Exponential(500, 5_000, 200_000), LinkPolicy.DEFAULT_CAPACITY);
        return new CustomPlan("gap-u3-random-22-shrunk.json", Plans.RANDOM, link, f.build(), w.build());
    }

    private RunResult run(String mode, CustomPlan plan, Trace trace) {
        return scenario.run(RunSpec.custom(scenario.name(), mode, plan, 22), trace);
    }

    private static long firstAt(List<TraceEvent> events, String actor, String detail) {
        return events.stream().filter(e -> e.actor().equals(actor) && e.detail().equals(detail)).mapToLong(TraceEvent::timeMicros).findFirst()
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
        assertEquals(List.of("U3"), r.violations().stream().map(Violation::invariant).toList(), () -> "violations: " + r.violations());
        assertTrue(Verdict.of(scenario, r).broken().isEmpty(), "no claim of fixed breaks");
        assertTrue(r.violations().get(0).message().startsWith("split of region 151 at epoch 12"), r.violations().get(0).message());
        List<TraceEvent> events = trace.events();
        long leader = firstAt(events, "store-3", "151 became leader at term 2");
        long applied = firstAt(events, "store-3", "shard 151:12 apply change set pre-split stage PRE_SPLIT seq 13");
        long committedOnOld = firstAt(events, "store-2", "shard 151:12 apply change set pre-split stage PRE_SPLIT seq 13");
        assertTrue(committedOnOld < TRANSFER_AT_MICROS && TRANSFER_AT_MICROS < leader && leader < applied,
                "store-2 applied the PRE_SPLIT before the transfer, store-3 only after it became leader");
        firstAt(events, "store-3", "shard 151:12 set split stage PRE_SPLIT_FLUSH_DONE");
        firstAt(events, "store-2", "shard 151:12 failed to split files err: region 151 is not leader");
        assertTrue(events.stream().noneMatch(e -> e.detail().contains("151:12 recover split") || e.detail().contains("151:12 watch to recover split")),
                "no recovery of 151:12 anywhere");
    }

    /** The transfer is what the gap needs: without it the same writes split region 151 and the split finishes. */
    @Test
    void withoutTheTransferTheSplitFinishes() {
        RunResult r = run(Plans.FIXED, shrunkU3(false), Trace.digestOnly());
        assertTrue(r.ok(), () -> "violations: " + r.violations());
        assertTrue(r.metrics().get("split-duration").length >= 1, "the split finished");
    }
}
