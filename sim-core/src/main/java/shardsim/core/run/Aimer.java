package shardsim.core.run;

import shardsim.core.fault.Fault;

/**
 * Injects a fault aimed at something the run is doing (a split as it starts), at a time from now
 * on. The skeleton records every aimed fault, so that a run's plan given back as data lists them.
 */
public interface Aimer {
    void at(long atMicros, Fault fault);
}
