package shardsim.core.aim;

import java.util.List;
import java.util.function.BooleanSupplier;
import shardsim.core.fault.Fault;

/**
 * What {@link Targeting} needs of a run: its time, its nodes, its board of windows, and a way to
 * inject a fault aimed at a window. The kernel's fault injection implements it, so this package
 * does not depend on the kernel.
 */
public interface AimedInjector {
    /** Virtual time now, in microseconds. */
    long now();

    /** Every node, in the order added. */
    List<String> nodeNames();

    /** The nodes that generated plans may crash. */
    List<String> crashableNodes();

    /** The run's board of risky windows. */
    Windows windows();

    /**
     * Injects {@code fault} at {@code atMicros} (later than now), in a reserved slot, if
     * {@code stillAimed} holds then; otherwise the event vanishes unseen. {@code onFired} runs
     * right after the fault applies.
     */
    void injectAimed(long atMicros, Fault fault, BooleanSupplier stillAimed, Runnable onFired);
}
