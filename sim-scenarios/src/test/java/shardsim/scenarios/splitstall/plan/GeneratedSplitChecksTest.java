package shardsim.scenarios.splitstall.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.Plans;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;

/**
 * The generated plans' split-checker picks: drawn from a fork of their own (the writes keep the
 * values they had without picks), inside the fault window, naming the world's regions and stores,
 * at the modest rate {@link PlanParams#splitChecksPerMinute()} says.
 */
class GeneratedSplitChecksTest {
    private static PlanParams withoutPicks(PlanParams p) {
        return new PlanParams(
                p.regions(),
                p.writeMeanMicros(),
                p.writeMinBytes(),
                p.writeMaxBytes(),
                p.transfersPerMinute(),
                p.transferInSplitChance(),
                p.transferInSplitMaxMicros(),
                p.crashInSplitChance(),
                p.slowFlushesPerMinute(),
                p.slowFlushMaxMicros(),
                0);
    }

    private static Workload draw(SplitWorld w, PlanParams p, long seed) {
        return RandomWorkload.draw(new SimRandom(seed), w.regions(), p, w.endMicros());
    }

    private static List<TimedOperation> picks(Workload w) {
        return w.operations().stream()
                .filter(o -> o.operation() instanceof SplitOperation.SplitCheck)
                .toList();
    }

    @Test
    void picksComeFromTheirOwnForkInsideTheFaultWindow() {
        for (String plan : List.of(Plans.RANDOM, Plans.SWARM)) {
            for (long seed = 0; seed < 100; seed++) {
                SplitWorld w = SplitWorld.generated(plan, seed);
                Workload with = draw(w, w.plan(), seed);
                Workload without = draw(w, withoutPicks(w.plan()), seed);
                assertEquals(
                        without.operations(),
                        with.operations().stream()
                                .filter(o -> o.operation() instanceof SplitOperation.Write)
                                .toList(),
                        plan + " seed " + seed + ": the writes keep their values");
                assertTrue(picks(without).isEmpty());
                for (TimedOperation o : picks(with)) {
                    SplitOperation.SplitCheck c = (SplitOperation.SplitCheck) o.operation();
                    assertTrue(
                            o.atMicros() >= PlanTimes.FAULT_START_MICROS && o.atMicros() < PlanTimes.FAULT_END_MICROS,
                            o.toString());
                    assertTrue(
                            w.regionIds().contains(c.regionId()) && PlanTimes.STORES.contains(c.store()), o.toString());
                }
            }
        }
    }

    @Test
    void randomPicksAboutOnceARun() {
        int total = 0;
        int none = 0;
        for (long seed = 0; seed < 1_000; seed++) {
            SplitWorld w = SplitWorld.generated(Plans.RANDOM, seed);
            int n = picks(draw(w, w.plan(), seed)).size();
            total += n;
            none += n == 0 ? 1 : 0;
        }
        // 3 a minute over the 19 s fault window: 0.95 a run, none in about e^-0.95 = 39% of runs
        assertTrue(total >= 850 && total <= 1_050, "picks in 1,000 runs: " + total);
        assertTrue(none >= 330 && none <= 450, "runs with no pick: " + none);
    }
}
