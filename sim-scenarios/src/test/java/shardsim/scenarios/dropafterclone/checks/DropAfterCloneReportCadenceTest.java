package shardsim.scenarios.dropafterclone.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Invariant;
import shardsim.core.check.Rule;
import shardsim.core.check.Violation;
import shardsim.core.fault.NodeFault;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;

/**
 * D12 on runs of three BEs: the model's reports keep the cadence, across a BE's crash and restart;
 * a cadence check asking for reports twice as often as the model sends them fails, for each kind,
 * and names the BE.
 */
class DropAfterCloneReportCadenceTest {
    private static final long SECOND = DorisConfig.SECOND;
    private static final Rule TIGHT = new Rule("tight", "reports more often than the model sends them");

    private static DorisCluster cluster(Simulation sim) {
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        placement.put(11415L, List.of("be1", "be2"));
        DorisCluster cluster = ThreeBackends.cluster(sim, placement);
        ThreeBackends.registerChecks(cluster);
        return cluster;
    }

    @Test
    void theModelKeepsTheCadenceAcrossACrashAndARestart() {
        Simulation sim = ThreeBackends.simulation(3);
        cluster(sim);
        // Down for 100 s, longer than a tablet-report interval: it owes nothing while down.
        sim.faults().injectAt(35 * SECOND, new NodeFault.Crash("be2"));
        sim.faults().injectAt(135 * SECOND, new NodeFault.Restart("be2"));
        ThreeBackends.runToEnd(sim);
        assertFalse(
                ThreeBackends.violated(sim).contains(DorisChecks.D12.name()),
                () -> sim.checks().violations().toString());
    }

    @Test
    void aTabletReportIntervalHalfTheModelsIsBroken() {
        Simulation sim = ThreeBackends.simulation(3);
        DorisCluster cluster = cluster(sim);
        DorisConfig config = cluster.config();
        ReportCadence tight = new ReportCadence(
                sim.view(), cluster.backends(), config.reportIntervalMicros() / 2, config.taskReportIntervalMicros());
        sim.checks().observe(tight);
        sim.checks().invariant(Invariant.of(TIGHT, tight::check));
        ThreeBackends.runToEnd(sim);
        Violation v = only(sim, TIGHT);
        assertTrue(
                v.message()
                        .matches("be[123] sent no tablet report since \\d+ us, more than the 30000000 us interval ago"),
                v.message());
        assertFalse(ThreeBackends.violated(sim).contains(DorisChecks.D12.name()));
    }

    @Test
    void aTaskReportIntervalHalfTheModelsIsBroken() {
        Simulation sim = ThreeBackends.simulation(3);
        DorisCluster cluster = cluster(sim);
        DorisConfig config = cluster.config();
        ReportCadence tight = new ReportCadence(
                sim.view(), cluster.backends(), config.reportIntervalMicros(), config.taskReportIntervalMicros() / 2);
        sim.checks().observe(tight);
        sim.checks().invariant(Invariant.of(TIGHT, tight::check));
        ThreeBackends.runToEnd(sim);
        Violation v = only(sim, TIGHT);
        assertTrue(
                v.message().matches("be[123] sent no task report since \\d+ us, more than the 5000000 us interval ago"),
                v.message());
    }

    /** The one violation of {@code rule} (a check reports once per run). */
    private static Violation only(Simulation sim, Rule rule) {
        List<Violation> of = sim.checks().violations().stream()
                .filter(v -> v.invariant().equals(rule.name()))
                .toList();
        assertEquals(1, of.size(), () -> sim.checks().violations().toString());
        return of.get(0);
    }
}
