package shardsim.scenarios.versionskew;

import shardsim.core.random.SimRandom;
import shardsim.core.sim.Simulation;

/**
 * The client's stream of CREATE / DROP TABLE during the fault window, drawn from the seed. Each
 * step schedules the next, so the event queue holds one workload event at a time.
 */
final class Workload {
    private Workload() {
    }

    static void schedule(Simulation sim, SimRandom r, Layout layout, long untilMicros, boolean swarm) {
        long meanGapMicros = swarm ? r.between(50_000, 1_500_000) : 300_000;
        double dropProbability = swarm ? r.nextDouble() * 0.6 : 0.35;
        sim.param("workload.meanGapMicros", meanGapMicros);
        sim.param("workload.dropProbability", dropProbability);
        step(sim, r, layout, untilMicros - 1_000_000, meanGapMicros, dropProbability, 500_000);
    }

    private static void step(Simulation sim, SimRandom r, Layout layout, long lastMicros, long meanGap, double dropP, long at) {
        if (at > lastMicros) {
            return;
        }
        sim.at(at, "workload", () -> {
            int shard = r.pick(layout.shardIds());
            sim.node(ClientDriver.NAME, ClientDriver.class).step(shard, dropP);
            step(sim, r, layout, lastMicros, meanGap, dropP, at + 1 + r.exponentialMicros(meanGap, 10 * meanGap));
        });
    }
}
