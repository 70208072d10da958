package shardsim.scenarios.dropafterclone;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.FaultPlanGenerator;
import shardsim.core.net.LinkPolicy;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.sim.Simulation;

/**
 * The {@code random} and {@code swarm} plans: cluster shape, service times, balance moves and
 * faults all drawn from the seed, during a fault window followed by a quiet tail (links reliable,
 * no moves, no faults) long enough for D2 at quiescence and D3.
 */
final class GeneratedPlan {
    static final long SECOND = DorisConfig.SECOND;
    static final long WINDOW_MICROS = 480 * SECOND;
    static final long TAIL_MICROS = 300 * SECOND;
    static final long END_MICROS = WINDOW_MICROS + TAIL_MICROS;
    static final long FIRST_TABLET = 11415;

    private GeneratedPlan() {
    }

    /** Builds a generated plan, or for a custom plan the same workload with the plan's own link policy and faults. */
    static void build(Simulation sim, Fence fence, RunSpec spec) {
        String plan = spec.plan();
        boolean swarm = Plans.SWARM.equals(plan);
        ChaosProfile profile = spec.isCustom() ? ChaosProfile.of(spec.custom()) : ChaosProfile.forPlan(plan, sim.random().fork("chaos"));
        sim.network().setDefaultPolicy(profile.link());
        profile.recordParams(sim);

        SimRandom wl = sim.random().fork("workload");
        int beCount = 3 + wl.nextInt(3);
        int tablets = 2 + wl.nextInt(5);
        int replication = beCount >= 4 && wl.chance(0.25) ? 2 : 1;
        long cloneMean = wl.between(200_000, 4 * SECOND);
        long dropMean = wl.between(100_000, 4 * SECOND);
        long moveMean = wl.between(2 * SECOND, 20 * SECOND);
        sim.param("backends", beCount);
        sim.param("tablets", tablets);
        sim.param("replication", replication);
        sim.param("clone.meanMicros", cloneMean);
        sim.param("drop.meanMicros", dropMean);
        sim.param("move.meanIntervalMicros", moveMean);

        DorisConfig config = DorisConfig.withMeans(cloneMean, dropMean);
        List<String> backends = new ArrayList<>();
        Map<String, Long> phases = new LinkedHashMap<>();
        for (int i = 0; i < beCount; i++) {
            String be = "be" + (10003 + i);
            backends.add(be);
            phases.put(be, wl.between(0, config.reportIntervalMicros() - 1));
        }
        Map<Long, List<String>> placement = new LinkedHashMap<>();
        for (int t = 0; t < tablets; t++) {
            List<String> pool = new ArrayList<>(backends);
            List<String> chosen = new ArrayList<>();
            for (int r = 0; r < replication; r++) {
                chosen.add(pool.remove(wl.nextInt(pool.size())));
            }
            placement.put(FIRST_TABLET + t, chosen);
        }
        Cluster cluster = new Cluster(sim, config, fence, backends, placement, phases, 320600);
        Checks.register(cluster, config.reportIntervalMicros(), WINDOW_MICROS, END_MICROS, 20 * SECOND);

        int moves = 0;
        for (long t = SECOND + wl.exponentialMicros(moveMean, 60 * SECOND); t < WINDOW_MICROS; t += 1 + wl.exponentialMicros(moveMean, 60 * SECOND)) {
            long tablet = FIRST_TABLET + wl.nextInt(tablets);
            String dest = wl.pick(backends);
            sim.at(t, "balance tablet " + tablet + " to " + dest, () -> cluster.balance(tablet, dest));
            moves++;
        }
        sim.param("moves", moves);

        FaultPlan faults;
        if (spec.isCustom()) {
            faults = spec.custom().faults();
            sim.param("faults.custom", faults.size());
        } else {
            FaultPlan kernel = FaultPlanGenerator.generate(sim.random().fork("faults"), sim.nodeNames(), sim.crashableNodes(), SECOND, WINDOW_MICROS, profile.faults());
            FaultPlan own = scenarioFaults(sim.random().fork("doris-faults"), backends, swarm);
            sim.param("faults.kernel", kernel.size());
            sim.param("faults.scenario", own.size());
            faults = kernel.merge(own);
        }
        sim.inject(faults);
        sim.at(WINDOW_MICROS, "quiet tail: links reliable, no more moves or faults", () -> sim.network().setDefaultPolicy(LinkPolicy.reliable()));
    }

    /** Busy task pools and slow report handling, all over before the window ends. */
    private static FaultPlan scenarioFaults(SimRandom r, List<String> backends, boolean swarm) {
        FaultPlan.Builder b = FaultPlan.builder();
        int stalls = swarm ? r.nextInt(13) : r.nextInt(5);
        double dropShare = swarm ? r.nextDouble() : 0.7;
        long maxStall = swarm ? r.between(2 * SECOND, 60 * SECOND) : 45 * SECOND;
        for (int i = 0; i < stalls; i++) {
            long at = r.between(SECOND, WINDOW_MICROS - 61 * SECOND);
            String pool = r.chance(dropShare) ? Backend.DROP_POOL : Backend.CLONE_POOL;
            b.at(at, new DorisFault.StallPool(r.pick(backends), pool, r.between(SECOND, maxStall)));
        }
        // At most one slow-report spell per half of the window, so spells never overlap.
        int spells = swarm ? r.nextInt(3) : r.chance(0.5) ? 1 : 0;
        long maxExtra = swarm ? r.between(SECOND, 30 * SECOND) : 15 * SECOND;
        long half = WINDOW_MICROS / 2;
        for (int i = 0; i < spells; i++) {
            long start = i * half + r.between(0, half - 121 * SECOND);
            long length = r.between(10 * SECOND, 120 * SECOND);
            b.at(start, new DorisFault.SlowReports(r.between(SECOND, maxExtra)));
            b.at(start + length, new DorisFault.SlowReportsEnd());
        }
        return b.build();
    }
}
