package shardsim.scenarios.versionskew.plan;

import shardsim.core.fault.FaultPlan;
import shardsim.core.random.SimRandom;
import shardsim.core.run.Draw;

/**
 * Draws the scenario's own faults for a generated plan: lost responses, engine failures, meta
 * crashing between a node's reply and its persist, delayed heartbeats and leader transfers. Every
 * lasting one ends (and a crashed meta is back) before the quiet tail. A pure function of the
 * seed's "skew-faults" fork and the world, so a plan file can list the same faults.
 */
public final class SkewFaultPlan {
    private SkewFaultPlan() {}

    /** Draws the plan from the "skew-faults" fork; the counts drawn are recorded as run parameters. */
    public static FaultPlan generate(Draw draw, Layout layout, long tailStartMicros) {
        SimRandom r = draw.fork("skew-faults");
        boolean swarm = draw.swarm();
        FaultPlan.Builder b = FaultPlan.builder();
        long lastStart = tailStartMicros - 12_000_000;
        int drops = (int) r.between(0, swarm ? 6 : 3);
        // Windows on one node may overlap: the later one replaces the request kind, and each drops one response at
        // most.
        for (int i = 0; i < drops; i++) {
            String node = r.pick(layout.dataNodes());
            long at = r.between(1_000_000, lastStart);
            long end = at + SkewFault.DropResponse.LASTS_MICROS.draw(r);
            b.lasting(at, end, new SkewFault.DropResponse(node, r.pick(SkewFault.DropResponse.REQUESTS)));
        }
        double engineP = swarm ? r.nextDouble() : 0.5;
        if (r.chance(engineP)) {
            String node = r.pick(layout.dataNodes());
            long at = r.between(1_000_000, lastStart);
            double p = swarm ? r.nextDouble() * 0.8 : r.between(5, 50) / 100.0;
            b.lasting(at, at + SkewFault.EngineFailure.LASTS_MICROS.draw(r), new SkewFault.EngineFailure(node, p));
        }
        double crashP = swarm ? r.nextDouble() : 0.3;
        if (r.chance(crashP)) {
            long at = r.between(1_000_000, lastStart);
            // Drawn in this order (restart delay, then length) since before ends were derived, so a seed keeps its
            // plan.
            long restartAfter = SkewFault.MetaCrashBeforePersist.RESTART_AFTER_MICROS.draw(r);
            b.lasting(
                    at,
                    at + SkewFault.MetaCrashBeforePersist.LASTS_MICROS.draw(r),
                    new SkewFault.MetaCrashBeforePersist(restartAfter));
        }
        double hbP = swarm ? r.nextDouble() : 0.3;
        if (r.chance(hbP)) {
            // The last delayed heartbeat must still be due before the quiet tail starts.
            String node = r.pick(layout.dataNodes());
            long at = r.between(1_000_000, tailStartMicros - 30_000_000);
            long extra = SkewFault.HeartbeatDelay.EXTRA_MICROS.draw(r);
            b.lasting(
                    at, at + SkewFault.HeartbeatDelay.LASTS_MICROS.draw(r), new SkewFault.HeartbeatDelay(node, extra));
        }
        int transfers = (int) r.between(0, swarm ? 4 : 2);
        for (int i = 0; i < transfers; i++) {
            b.at(
                    r.between(1_000_000, lastStart),
                    new SkewFault.TransferLeader(r.pick(layout.shardIds()), r.pick(layout.dataNodes())));
        }
        draw.param("skew.drops", drops);
        draw.param("skew.transfers", transfers);
        return b.build();
    }
}
