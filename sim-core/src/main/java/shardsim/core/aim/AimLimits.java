package shardsim.core.aim;

/**
 * How many faults aiming may place.
 *
 * @param perWindow most faults aimed into one window
 * @param perRun most faults aimed in one run (a fault and its end count once)
 */
public record AimLimits(int perWindow, int perRun) {
    /** The most {@link #perRun} may be: each aimed fault holds two slots of the event queue. */
    public static final int MAX_PER_RUN = 256;

    public AimLimits {
        if (perWindow < 1 || perRun < 1 || perRun > MAX_PER_RUN) {
            throw new IllegalArgumentException("aim limits must be at least 1 (and per run at most " + MAX_PER_RUN
                    + "): " + perWindow + ", " + perRun);
        }
    }
}
