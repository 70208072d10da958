package shardsim.core.trace;

import java.util.List;

/**
 * Who a traced event is by: one of the kernel's own actors ({@link #SIM}, {@link #FAULTS},
 * {@link #DRIVER}, {@link #WORKLOAD}, {@link #CHECK}), or a name of the model's ({@link #node}).
 * Only the label reaches the trace, so a typed actor traces the same bytes as its label did.
 */
public final class Actor {
    /** The run itself: its parameters and its verdict. */
    public static final Actor SIM = new Actor("sim");
    /** Fault injection: the faults applied, the ones skipped, a clog clearing. */
    public static final Actor FAULTS = new Actor("faults");
    /** The scenario's driver: scheduled steps and checks. */
    public static final Actor DRIVER = new Actor("driver");
    /** The workload's operations. */
    public static final Actor WORKLOAD = new Actor("workload");
    /** The checkers: violations and liveness verdicts. */
    public static final Actor CHECK = new Actor("check");

    /** The kernel's own actors, none of them a node. */
    public static final List<Actor> KERNEL = List.of(SIM, FAULTS, DRIVER, WORKLOAD, CHECK);

    private final String label;

    private Actor(String label) {
        this.label = label;
    }

    /**
     * A node, by its id, or a part of the model that reports under a name of its own (a node's
     * worker, a tracker). A kernel actor's label is refused, so a trace line by {@code driver} is
     * always the kernel's.
     */
    public static Actor node(String id) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("an actor needs a name");
        }
        if (isKernel(id)) {
            throw new IllegalArgumentException("'" + id + "' is the kernel's actor, not a node's name");
        }
        return new Actor(id);
    }

    /** Whether {@code label}, read from a trace, names one of the kernel's own actors. */
    public static boolean isKernel(String label) {
        for (Actor a : KERNEL) {
            if (a.label.equals(label)) {
                return true;
            }
        }
        return false;
    }

    /** The name traced for this actor. */
    public String label() {
        return label;
    }

    /** Whether this is one of the kernel's own actors. */
    public boolean isKernel() {
        return KERNEL.contains(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Actor a && a.label.equals(label);
    }

    @Override
    public int hashCode() {
        return label.hashCode();
    }

    @Override
    public String toString() {
        return label;
    }
}
