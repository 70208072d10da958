package shardsim.scenarios.dropafterclone.checks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.check.Violation;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisMode;

/**
 * The small world the check tests build by hand: an FE and be1..be3 with report phases 10, 20 and
 * 30 s, the documented config, the fixed mode, the first replica id 500, checks registered as a
 * 400 s run with a 60 s window would; runs that keep going after a violation, digest only.
 */
final class ThreeBackends {
    static final long SECOND = DorisConfig.SECOND;
    static final long END_MICROS = 400 * SECOND;

    private ThreeBackends() {}

    /** A simulation that does not stop at the first violation, so a test sees all of them. */
    static Simulation simulation(long seed) {
        return new Simulation(seed, SimConfig.defaults().withStopOnFirstViolation(false), Trace.digestOnly());
    }

    /** The cluster with {@code placement} (tablet to BEs), its checks not yet registered. */
    static DorisCluster cluster(Simulation sim, Map<Long, List<String>> placement) {
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put("be1", 10 * SECOND);
        phases.put("be2", 20 * SECOND);
        phases.put("be3", 30 * SECOND);
        return new DorisCluster(
                sim,
                DorisConfig.documented(),
                DorisMode.forMode("fixed"),
                List.of("be1", "be2", "be3"),
                placement,
                phases,
                500);
    }

    /** Registers every check ({@link DorisChecks#INVARIANTS}) as a run ending at {@link #END_MICROS} would. */
    static void registerChecks(DorisCluster cluster) {
        DorisChecks.register(cluster, 60 * SECOND, 0, END_MICROS, 20 * SECOND);
    }

    /** Runs to {@link #END_MICROS} and finishes (end validations included). */
    static void runToEnd(Simulation sim) {
        sim.runUntil(END_MICROS);
        sim.finish();
    }

    /** The invariants the run broke, in the order found. */
    static List<String> violated(Simulation sim) {
        List<String> names = new ArrayList<>();
        for (Violation v : sim.checks().violations()) {
            names.add(v.invariant());
        }
        return names;
    }
}
