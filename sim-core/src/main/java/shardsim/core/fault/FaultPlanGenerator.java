package shardsim.core.fault;

import java.util.List;
import shardsim.core.random.SimRandom;

/**
 * Generates a kernel fault plan from a seed, each fault drawn by its {@link KernelKind}. Every
 * lasting fault is paired with its end (its {@link End}, or a crash's restart) inside the window,
 * so the plan leaves the cluster whole by {@code endMicros} and liveness can be judged after it.
 */
public final class FaultPlanGenerator {
    private FaultPlanGenerator() {}

    /**
     * @param random the plan's own fork of the run's generator
     * @param nodes the nodes faults may hit
     * @param crashable the nodes that may crash (a subset of {@code nodes})
     * @param startMicros no fault before this
     * @param endMicros every fault has ended by this
     */
    public static FaultPlan generate(
            SimRandom random,
            List<String> nodes,
            List<String> crashable,
            long startMicros,
            long endMicros,
            FaultIntensity in) {
        if (endMicros <= startMicros || nodes.size() < 2) {
            return FaultPlan.empty();
        }
        double minutes = (endMicros - startMicros) / 60_000_000.0;
        KernelKind[] kinds = KernelKind.values();
        double[] rates = new double[kinds.length];
        double total = 0;
        for (int i = 0; i < kinds.length; i++) {
            rates[i] = kinds[i] == KernelKind.CRASH && crashable.isEmpty() ? 0 : kinds[i].rate(in);
            total += rates[i];
        }
        FaultPlan.Builder out = FaultPlan.builder();
        if (total <= 0) {
            return FaultPlan.empty();
        }
        long count = Math.min(in.maxFaults(), poisson(random, total * minutes));
        KernelKind.Slot slot = new KernelKind.Slot(random, in, crashable);
        for (long i = 0; i < count; i++) {
            slot.at = random.between(startMicros, endMicros - 1);
            long duration = Math.min(
                    in.maxFaultMicros(), 1 + random.exponentialMicros(in.meanFaultMicros(), in.maxFaultMicros()));
            slot.until = Math.min(endMicros, slot.at + duration);
            KernelKind kind = kinds[random.weighted(rates)];
            slot.a = random.pick(nodes);
            slot.b = otherThan(random, nodes, slot.a);
            kind.draw(slot, out);
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
