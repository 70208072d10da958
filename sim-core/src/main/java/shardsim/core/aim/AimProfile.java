package shardsim.core.aim;

import shardsim.core.random.SimRandom;

/**
 * How a run aims faults into announced windows. At each window that opens, aiming fires with
 * {@link #chance}; after each fault it fires again with the same chance, up to the limits.
 *
 * @param chance chance that a window (or the next fault in it) gets a fault
 * @param delayMaxMicros an aimed fault lands 1 µs to this much after its window opened (log-uniform, so
 *     short windows are hit as well as long ones), and only if the window is still open then
 * @param faultMinMicros shortest time a crash, partition or clog lasts
 * @param faultMaxMicros longest
 * @param weights how the kind of each fault is chosen
 * @param limits most faults per window and per run
 */
public record AimProfile(
        double chance,
        long delayMaxMicros,
        long faultMinMicros,
        long faultMaxMicros,
        AimWeights weights,
        AimLimits limits) {
    public AimProfile {
        if (!(chance > 0 && chance <= 1)) {
            throw new IllegalArgumentException("aim chance must be in (0, 1]: " + chance);
        }
        if (delayMaxMicros < 1 || faultMinMicros < 1 || faultMaxMicros < faultMinMicros) {
            throw new IllegalArgumentException("bad aim delays or durations");
        }
        if (weights == null || limits == null) {
            throw new IllegalArgumentException("an aim profile needs weights and limits");
        }
    }

    /** The {@code targeted} plan's profile: half the windows get a fault, some two. */
    public static AimProfile targeted() {
        return new AimProfile(0.5, 1_000_000, 100_000, 2_000_000, AimWeights.targeted(), new AimLimits(2, 16));
    }

    /**
     * Swarm's aiming dimension, from its own generator: off in half the runs (null), otherwise a
     * chance, delays, durations, weights and limits drawn. A run that does not aim draws nothing
     * else from it, so its plan is the one swarm drew before aiming existed.
     */
    public static AimProfile swarm(SimRandom r) {
        if (r.chance(0.5)) {
            return null;
        }
        double chance = 0.1 + 0.9 * r.nextDouble();
        long delayMax = r.between(1_000, 2_000_000);
        long min = r.between(10_000, 1_000_000);
        long max = min + r.between(0, 5_000_000);
        return new AimProfile(
                chance, delayMax, min, max, AimWeights.swarm(r), new AimLimits((int) r.between(1, 3), (int)
                        r.between(2, 32)));
    }
}
