package shardsim.core.blocks;

import shardsim.core.check.SimView;

/**
 * How long the faults have been over, for checks that judge only a settled system. A fault in force
 * (a partition, a crashed node, a clog, a scenario fault that lasts) means not quiet at all; see
 * {@link shardsim.core.sim.Faults#quietSinceMicros()}; a check reads it through its {@link SimView}.
 */
public final class Quiet {
    private Quiet() {}

    /** Whether no fault has been in force or injected since {@code fromMicros} (or earlier). */
    public static boolean since(SimView sim, long fromMicros) {
        long quiet = sim.quietSinceMicros();
        return quiet >= 0 && quiet <= fromMicros;
    }

    /** Whether the faults have been over for at least {@code micros} now. */
    public static boolean forAtLeast(SimView sim, long micros) {
        return since(sim, sim.now() - micros);
    }
}
