package shardsim.core.aim;

import shardsim.core.random.SimRandom;

/**
 * How an aimed fault's kind is chosen: relative weights, over the kinds that fit the window (a
 * crash needs a crashable node in it, a scenario fault a {@link ScenarioAim} of its kind).
 *
 * @param scenario one of the scenario's own faults that fit the window's kind
 * @param crash a crash of a node the window involves, and its restart
 * @param partition a partition between a node the window involves and another node, and its end
 * @param oneWay a one-way partition, either direction, and its end
 * @param slowLink a clog: the link between a node the window involves and another holds its messages
 */
public record AimWeights(double scenario, double crash, double partition, double oneWay, double slowLink) {
    public AimWeights {
        double sum = 0;
        for (double w : new double[] {scenario, crash, partition, oneWay, slowLink}) {
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("aim weights must be finite and not negative");
            }
            sum += w;
        }
        if (sum <= 0) {
            throw new IllegalArgumentException("at least one aim weight must be positive");
        }
    }

    /** The weights of {@code targeted}: the scenario's faults first, then crashes and partitions. */
    public static AimWeights targeted() {
        return new AimWeights(2, 1, 1, 0.5, 0.5);
    }

    /** Swarm's: each kind switched off with some chance, the others drawn (at least one stays on). */
    public static AimWeights swarm(SimRandom r) {
        double[] w = new double[5];
        double sum = 0;
        for (int i = 0; i < w.length; i++) {
            w[i] = r.chance(0.35) ? 0 : r.nextDouble() * 2;
            sum += w[i];
        }
        if (sum <= 0) {
            w[0] = 1;
        }
        return new AimWeights(w[0], w[1], w[2], w[3], w[4]);
    }

    /** The weights as an array, in the order {@link AimedKind} lists the kinds. */
    double[] asArray() {
        return new double[] {scenario, crash, partition, oneWay, slowLink};
    }
}
