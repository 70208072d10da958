package shardsim.core.aim;

import shardsim.core.fault.Fault;

/**
 * A fault aiming injected: when, what, and the window it was aimed at. The end of a lasting fault
 * (a restart, a partition's end) names the same window, although it may land after it closed.
 *
 * @param atMicros when it was injected
 * @param fault the fault
 * @param window the window it was aimed at
 * @param start whether it starts a fault (false: it ends one aimed earlier)
 */
public record AimedShot(long atMicros, Fault fault, Window window, boolean start) {}
