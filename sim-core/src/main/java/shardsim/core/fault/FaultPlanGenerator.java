package shardsim.core.fault;

import java.util.List;
import shardsim.core.random.SimRandom;

/**
 * Generates a kernel fault plan from a seed. Every lasting fault is paired with its end (its
 * {@link End}, or a crash's restart) inside the window, so the plan leaves the cluster whole by {@code endMicros} and
 * liveness can be judged after it.
 */
public final class FaultPlanGenerator {
    private FaultPlanGenerator() {
    }

    /**
     * @param random the plan's own fork of the run's generator
     * @param nodes the nodes faults may hit
     * @param crashable the nodes that may crash (a subset of {@code nodes})
     * @param startMicros no fault before this
     * @param endMicros every fault has ended by this
     */
    public static FaultPlan generate(SimRandom random, List<String> nodes, List<String> crashable, long startMicros, long endMicros, FaultIntensity in) {
        if (endMicros <= startMicros || nodes.size() < 2) {
            return FaultPlan.empty();
        }
        double minutes = (endMicros - startMicros) / 60_000_000.0;
        double[] rates = {in.partitionsPerMinute(), in.oneWayPartitionsPerMinute(), crashable.isEmpty() ? 0 : in.crashesPerMinute(), in.clogsPerMinute(), in.skewsPerMinute()};
        double total = 0;
        for (double r : rates) {
            total += r;
        }
        FaultPlan.Builder out = FaultPlan.builder();
        if (total <= 0) {
            return FaultPlan.empty();
        }
        long count = Math.min(in.maxFaults(), poisson(random, total * minutes));
        // Crashed nodes may not crash again before their restart: track when each is back.
        long[] downUntil = new long[crashable.size()];
        for (long i = 0; i < count; i++) {
            long at = random.between(startMicros, endMicros - 1);
            long duration = Math.min(in.maxFaultMicros(), 1 + random.exponentialMicros(in.meanFaultMicros(), in.maxFaultMicros()));
            long until = Math.min(endMicros, at + duration);
            int kind = random.weighted(rates);
            String a = random.pick(nodes);
            String b = otherThan(random, nodes, a);
            switch (kind) {
                case 0 -> out.lasting(at, until, new NetFault.Partition(a, b));
                case 1 -> out.lasting(at, until, new NetFault.PartitionOneWay(a, b));
                case 2 -> {
                    int idx = random.nextInt(crashable.size());
                    if (downUntil[idx] > at) {
                        continue;
                    }
                    downUntil[idx] = until + 1;
                    String node = crashable.get(idx);
                    out.at(at, new NodeFault.Crash(node));
                    out.at(until, new NodeFault.Restart(node));
                }
                case 3 -> out.at(at, new NetFault.Clog(a, b, Math.max(1, until - at)));
                case 4 -> out.at(at, new NodeFault.ClockSkew(a, random.between(-in.maxSkewMicros(), in.maxSkewMicros())));
                default -> throw new IllegalStateException("unknown fault kind " + kind);
            }
        }
        return out.build();
    }

    /** A Poisson draw by inversion (means here are small). */
    static long poisson(SimRandom random, double mean) {
        if (mean <= 0) {
            return 0;
        }
        if (mean > 500) {
            return StrictMath.round(mean);
        }
        double l = StrictMath.exp(-mean);
        long k = 0;
        double p = 1;
        do {
            k++;
            p *= random.nextDouble();
        } while (p > l);
        return k - 1;
    }

    private static String otherThan(SimRandom random, List<String> nodes, String a) {
        String b;
        do {
            b = random.pick(nodes);
        } while (b.equals(a));
        return b;
    }
}
