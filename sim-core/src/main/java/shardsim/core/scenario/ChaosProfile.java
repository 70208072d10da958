package shardsim.core.scenario;

import shardsim.core.fault.FaultIntensity;
import shardsim.core.kind.Range;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.random.SimRandom;
import shardsim.core.sim.Simulation;

/**
 * The network and fault intensities of a generated plan: fixed for {@code random}, drawn from the
 * seed for {@code swarm} (some kinds of fault switched off entirely, others turned up, so that a
 * sweep visits corners a single profile never reaches).
 *
 * @param link the default link policy
 * @param faults the kernel fault intensities
 */
public record ChaosProfile(LinkPolicy link, FaultIntensity faults) {
    /** Swarm's largest link loss and duplication (each drawn from 0 to this, or zero). */
    public static final double SWARM_MAX_LINK_PROBABILITY = 0.2;
    /** Swarm's range of the link's shortest delay. */
    public static final Range SWARM_DELAY_MIN_MICROS = new Range(100, 2_000);
    /** Swarm's range of the link's mean delay. */
    public static final Range SWARM_DELAY_MEAN_MICROS = new Range(1_000, 100_000);
    /** Swarm's range of the link's longest delay (at least the shortest plus the mean). */
    public static final Range SWARM_DELAY_MAX_MICROS = new Range(50_000, 2_000_000);

    /** The profile of {@code random} plans: a little loss, duplication and reordering, moderate faults. */
    public static ChaosProfile moderate() {
        return new ChaosProfile(
                new LinkPolicy(0.02, 0.02, new Delay.Exponential(500, 5_000, 200_000), LinkPolicy.DEFAULT_CAPACITY),
                FaultIntensity.moderate());
    }

    /** A swarm profile drawn from {@code random}. */
    public static ChaosProfile swarm(SimRandom random) {
        double loss = random.chance(0.3) ? 0 : random.nextDouble() * SWARM_MAX_LINK_PROBABILITY;
        double dup = random.chance(0.3) ? 0 : random.nextDouble() * SWARM_MAX_LINK_PROBABILITY;
        long min = SWARM_DELAY_MIN_MICROS.draw(random);
        long mean = SWARM_DELAY_MEAN_MICROS.draw(random);
        long max = Math.max(min + mean, SWARM_DELAY_MAX_MICROS.draw(random));
        LinkPolicy link = new LinkPolicy(loss, dup, new Delay.Exponential(min, mean, max), LinkPolicy.DEFAULT_CAPACITY);
        return new ChaosProfile(link, FaultIntensity.swarm(random));
    }

    /** A custom plan's link policy, with no generated faults (the plan lists its own). */
    public static ChaosProfile of(CustomPlan plan) {
        return new ChaosProfile(plan.link(), FaultIntensity.none());
    }

    /** The profile for a generated plan ({@code random}, {@code targeted} or {@code swarm}). */
    public static ChaosProfile forPlan(String plan, SimRandom random) {
        if (Plans.SWARM.equals(plan)) {
            return swarm(random);
        }
        if (Plans.RANDOM.equals(plan) || Plans.TARGETED.equals(plan)) {
            // targeted is random plus the faults it aims into windows: the same link and rates
            return moderate();
        }
        throw new IllegalArgumentException("no chaos profile for plan " + plan);
    }

    /** Records every figure of the profile as a run parameter, so it is printed before the run. */
    public void recordParams(Simulation sim) {
        sim.record().param("link.loss", link.lossProbability());
        sim.record().param("link.duplication", link.duplicateProbability());
        sim.record().param("link.delay", link.delay());
        sim.record().param("faults", faults);
    }
}
