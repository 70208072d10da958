package shardsim.core.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;

/**
 * Which mode's code each node runs: a run's own mode for every node, except the nodes or roles a
 * run names with their own ({@link RunSpec#nodeModes()}, a plan file's {@code "modes"}, the
 * command line's {@code --node-mode NAME=MODE}); a node's own entry beats its role's. Also the
 * input checks of mixed-version runs: modes that exist, names of the world, and no upgrade or
 * downgrade of a node the plan has down at that time. Each problem is one
 * {@link IllegalArgumentException} line, which the command line turns into exit 2.
 */
public final class NodeModes {
    /** No node on its own mode. */
    public static final SortedMap<String, String> NONE = Collections.unmodifiableSortedMap(new TreeMap<>());

    private NodeModes() {}

    /** An unmodifiable sorted copy; null is {@link #NONE}. */
    public static SortedMap<String, String> copy(Map<String, String> modes) {
        if (modes == null || modes.isEmpty()) {
            return NONE;
        }
        TreeMap<String, String> out = new TreeMap<>();
        for (Map.Entry<String, String> e : modes.entrySet()) {
            if (e.getKey() == null
                    || e.getKey().isEmpty()
                    || e.getValue() == null
                    || e.getValue().isEmpty()) {
                throw new IllegalArgumentException(
                        "a node mode needs a name and a mode, got '" + e.getKey() + "=" + e.getValue() + "'");
            }
            out.put(e.getKey(), e.getValue());
        }
        return Collections.unmodifiableSortedMap(out);
    }

    /** {@code NAME=MODE} pairs separated by spaces, in name order ("" for none). */
    public static String describe(Map<String, String> modes) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : new TreeMap<>(modes).entrySet()) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(e.getKey()).append('=').append(e.getValue());
        }
        return b.toString();
    }

    /** Parses one {@code NAME=MODE}. */
    public static Map.Entry<String, String> parse(String pair) {
        int eq = pair.indexOf('=');
        if (eq <= 0 || eq == pair.length() - 1) {
            throw new IllegalArgumentException(
                    "--node-mode takes NAME=MODE (a node or a role, and a mode), got '" + pair + "'");
        }
        return Map.entry(pair.substring(0, eq), pair.substring(eq + 1));
    }

    /**
     * The code of every node of the world, in the world's order of {@code nodes}.
     *
     * @param runMode the run's mode
     * @param given the nodes or roles named with their own mode
     * @param modes the scenario's modes
     * @param nodes the world's nodes (a node in no role runs {@code runMode} unless named itself)
     * @param roles the world's roles (role to its nodes)
     * @param strict whether a name that is neither a node nor a role is an error (the command
     *     line checks the seed it names); otherwise it is skipped, as a fault naming a node
     *     another seed's world lacks is
     */
    public static LinkedHashMap<String, String> resolve(
            String runMode,
            Map<String, String> given,
            List<String> modes,
            List<String> nodes,
            Map<String, List<String>> roles,
            boolean strict) {
        for (Map.Entry<String, String> e : new TreeMap<>(given).entrySet()) {
            requireMode("--node-mode " + e.getKey(), e.getValue(), modes);
            if (strict && !nodesOf(roles).contains(e.getKey()) && !roles.containsKey(e.getKey())) {
                throw new IllegalArgumentException("--node-mode " + e.getKey() + "=" + e.getValue() + ": '" + e.getKey()
                        + "' is neither a node nor a role of this run's world (nodes: "
                        + String.join(", ", nodesOf(roles)) + "; roles: "
                        + String.join(", ", roles.keySet()) + ")");
            }
        }
        LinkedHashMap<String, String> out = new LinkedHashMap<>();
        List<String> versioned = nodesOf(roles);
        for (String node : nodes) {
            if (!versioned.contains(node)) {
                // In no role: it runs no versioned code, so it runs the run's mode whatever is asked.
                out.put(node, runMode);
                continue;
            }
            String own = given.get(node);
            if (own != null) {
                out.put(node, own);
                continue;
            }
            String code = runMode;
            String from = null;
            for (Map.Entry<String, List<String>> role : roles.entrySet()) {
                String ofRole = given.get(role.getKey());
                if (ofRole == null || !role.getValue().contains(node)) {
                    continue;
                }
                if (from != null && !ofRole.equals(code)) {
                    throw new IllegalArgumentException("--node-mode: node " + node + " is in roles " + from + " and "
                            + role.getKey() + ", given modes " + code + " and " + ofRole + "; name the node itself");
                }
                code = ofRole;
                from = role.getKey();
            }
            out.put(node, code);
        }
        return out;
    }

    /**
     * Checks the plan's upgrades and downgrades: the mode each names exists, its node is one of
     * {@code nodes} (when known: null skips this part), and the plan does not have the node down at
     * that time (after a crash of it the plan scripts and before the restart it scripts).
     */
    public static void checkCodeChanges(FaultPlan faults, List<String> modes, List<String> nodes) {
        Set<String> down = new LinkedHashSet<>();
        for (TimedFault tf : faults.faults()) {
            if (tf.fault() instanceof NodeFault.Crash c) {
                down.add(c.node());
            } else if (tf.fault() instanceof NodeFault.Restart r) {
                down.remove(r.node());
            } else if (tf.fault() instanceof NodeFault.CodeChange c) {
                String where = "fault " + tf.fault().kind() + " at atMicros " + tf.atMicros();
                requireMode(where + ": toMode", c.toMode(), modes);
                if (nodes != null && !nodes.contains(c.node())) {
                    throw new IllegalArgumentException(where + ": node '" + c.node()
                            + "' is not a node of this run's world that runs versioned code (valid: "
                            + String.join(", ", nodes) + ")");
                }
                if (down.contains(c.node())) {
                    throw new IllegalArgumentException(where + ": node " + c.node()
                            + " is down then (the plan crashes it earlier and restarts it only later);"
                            + " an operator upgrades a running process: restart it first");
                }
            }
        }
    }

    private static void requireMode(String where, String mode, List<String> modes) {
        if (!modes.contains(mode)) {
            throw new IllegalArgumentException(
                    where + ": unknown mode '" + mode + "' (expected one of " + String.join(", ", modes) + ")");
        }
    }

    /** The nodes of {@code roles}, each once, in role order. */
    public static List<String> nodesOf(Map<String, List<String>> roles) {
        Set<String> out = new LinkedHashSet<>();
        for (List<String> nodes : roles.values()) {
            out.addAll(nodes);
        }
        return new ArrayList<>(out);
    }
}
