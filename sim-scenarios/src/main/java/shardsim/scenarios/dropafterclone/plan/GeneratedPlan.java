package shardsim.scenarios.dropafterclone.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.fault.FaultPlan;
import shardsim.core.random.SimRandom;
import shardsim.core.workload.Workload;
import shardsim.scenarios.dropafterclone.model.Backend;

/**
 * The world, balance moves and faults of the {@code random} and {@code swarm} plans, drawn from the
 * seed as plain data: cluster shape, service times and moves from the "workload" fork (the world
 * first, then the moves, on the one stream), kernel faults from "faults" (drawn by the run skeleton), the
 * scenario's own from "doris-faults". Everything happens in a fault window followed by a quiet tail long enough for
 * D2 at quiescence and D3.
 */
public final class GeneratedPlan {
    static final long SECOND = DorisConfig.SECOND;
    static final long WINDOW_MICROS = 480 * SECOND;
    static final long TAIL_MICROS = 300 * SECOND;
    static final long END_MICROS = WINDOW_MICROS + TAIL_MICROS;
    static final long FIRST_TABLET = 11415;

    /** A generated world and the moves drawn right after it from the same stream. */
    public record Drawn(DorisWorld world, Workload moves) {}

    private GeneratedPlan() {}

    /** The world and balance moves of {@code seed}: the same for {@code random} and {@code swarm}. */
    public static Drawn draw(long seed) {
        SimRandom wl = new SimRandom(seed).fork("workload");
        int beCount = 3 + wl.nextInt(3);
        int tablets = 2 + wl.nextInt(5);
        int replication = beCount >= 4 && wl.chance(0.25) ? 2 : 1;
        long cloneMean = wl.between(200_000, 4 * SECOND);
        long dropMean = wl.between(100_000, 4 * SECOND);
        long moveMean = wl.between(2 * SECOND, 20 * SECOND);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("backends", beCount);
        params.put("tablets", tablets);
        params.put("replication", replication);
        params.put("clone.meanMicros", cloneMean);
        params.put("drop.meanMicros", dropMean);
        params.put("move.meanIntervalMicros", moveMean);

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
        DorisWorld world = new DorisWorld(
                config,
                backends,
                placement,
                phases,
                SECOND,
                WINDOW_MICROS,
                END_MICROS,
                DorisWorld.FIRST_REPLICA_ID,
                params);

        Workload.Builder moves = Workload.builder();
        for (long t = SECOND + wl.exponentialMicros(moveMean, 60 * SECOND);
                t < WINDOW_MICROS;
                t += 1 + wl.exponentialMicros(moveMean, 60 * SECOND)) {
            long tablet = FIRST_TABLET + wl.nextInt(tablets);
            String dest = wl.pick(backends);
            moves.at(t, new DorisOperation.Balance(tablet, dest));
        }
        return new Drawn(world, moves.build());
    }

    /** Busy task pools, slow report handling and slow agent RPCs, all over before the window ends. */
    public static FaultPlan scenarioFaults(SimRandom r, List<String> backends, boolean swarm) {
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
            b.lasting(start, start + length, new DorisFault.SlowReports(r.between(SECOND, maxExtra)));
        }
        // Drawn last, so the faults above are the ones the same seed drew before this kind existed.
        int slowRpcs = swarm ? r.nextInt(13) : r.nextInt(5);
        long maxSlow = swarm ? r.between(10_000, 30 * SECOND) : 10 * SECOND;
        for (int i = 0; i < slowRpcs; i++) {
            long at = r.between(SECOND, WINDOW_MICROS - 61 * SECOND);
            b.at(at, new DorisFault.SlowAgentRpc(r.pick(backends), r.between(1_000, maxSlow)));
        }
        return b.build();
    }
}
