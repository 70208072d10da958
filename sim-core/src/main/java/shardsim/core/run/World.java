package shardsim.core.run;

import java.util.List;
import java.util.Map;

/**
 * What a run draws from its seed (or fixes, for {@code documented}) that is neither a fault nor a
 * workload operation: the cluster's shape and timings. A plan given as data runs in the world of
 * its base plan, so its faults and operations name the same nodes.
 */
public interface World {
    /** Every node, in the order the scenario adds them; generated kernel faults may name any of them. */
    List<String> nodes();

    /** The nodes a generated crash may hit. Default: every node. */
    default List<String> crashableNodes() {
        return nodes();
    }

    /**
     * The roles of the world: role name to its nodes, in order, as a {@link java.util.LinkedHashMap}
     * (the order rollouts upgrade them in). A run may give a role its own mode
     * ({@code --node-mode ROLE=MODE}), and {@code sim upgrades} upgrades role by role. Every node a
     * generated plan may crash ({@link #crashableNodes()}) must be in a role; a node outside every
     * role (one that runs no versioned code, like a client standing for the user) runs the run's
     * mode and is never upgraded. Default: one role {@value #DEFAULT_ROLE} holding every node.
     */
    default Map<String, List<String>> roles() {
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        out.put(DEFAULT_ROLE, nodes());
        return out;
    }

    /**
     * Whether a rollout may roll {@code role} by restarting its nodes on the new code, one
     * restart each (what {@code sim upgrades} does). Default: when every node of the role may
     * crash ({@link #crashableNodes()}); a node the model keeps from crashing (it would lose state
     * the real system keeps, or leave its regions without a leader) is never restarted by a
     * rollout. A scenario whose role survives an operator's planned restart, though not a random
     * crash, says so here and returns true. A role that cannot be rolled is left out of every
     * order, and {@code sim upgrades} says so in one line.
     */
    default boolean rollsByRestart(String role) {
        List<String> nodes = roles().get(role);
        return nodes != null && crashableNodes().containsAll(nodes);
    }

    /** The one role of a world that declares none. */
    String DEFAULT_ROLE = "node";

    /** The world's figures, recorded as run parameters in this order. */
    default Map<String, Object> params() {
        return java.util.Collections.emptyMap();
    }
}
