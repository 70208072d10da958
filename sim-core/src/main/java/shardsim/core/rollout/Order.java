package shardsim.core.rollout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import shardsim.core.scenario.NodeModes;

/**
 * One order of a rollout: batches of nodes, each batch restarted on other code at one instant,
 * batch after batch, with gaps drawn from the seed.
 *
 * <p>A world's nodes may differ from seed to seed (how many backends, say), so an order is derived
 * from each seed's own roles ({@link #of}); its name and {@link #summary} stay the same.
 *
 * @param name the order's name ({@code all-at-once}, {@code ROLE-first}, {@code node-by-node}, {@code rollback})
 * @param summary the order in words, the same for every world
 * @param batches the steps in order
 */
public record Order(String name, String summary, List<Batch> batches) {
    /** The order that restarts every node at one instant. */
    public static final String ALL_AT_ONCE = "all-at-once";
    /** The order that restarts one node at a time, in role order. */
    public static final String NODE_BY_NODE = "node-by-node";
    /** The order that upgrades the first role and then downgrades it. */
    public static final String ROLLBACK = "rollback";
    /** Appended to a role's name for the order that rolls that role first. */
    public static final String FIRST = "-first";

    /**
     * Nodes restarted at one instant.
     *
     * @param nodes the nodes
     * @param upgrade true to move them to the new code, false to move them back to the old
     */
    public record Batch(List<String> nodes, boolean upgrade) {
        public Batch {
            nodes = List.copyOf(nodes);
        }
    }

    public Order {
        batches = List.copyOf(batches);
        if (batches.isEmpty()) {
            throw new IllegalArgumentException("an order needs a step");
        }
    }

    /** Whether the order ends on the old code (it rolls back). */
    public boolean rollsBack() {
        return !batches.get(batches.size() - 1).upgrade();
    }

    /** How many node restarts the order makes. */
    public int restarts() {
        int n = 0;
        for (Batch b : batches) {
            n += b.nodes().size();
        }
        return n;
    }

    /** One line: the batches in order, {@code +node} an upgrade, {@code -node} a downgrade, a batch in braces. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        for (Batch batch : batches) {
            if (b.length() > 0) {
                b.append(", ");
            }
            String sign = batch.upgrade() ? "+" : "-";
            if (batch.nodes().size() == 1) {
                b.append(sign).append(batch.nodes().get(0));
            } else {
                b.append('{');
                for (int i = 0; i < batch.nodes().size(); i++) {
                    b.append(i == 0 ? "" : " ")
                            .append(sign)
                            .append(batch.nodes().get(i));
                }
                b.append('}');
            }
        }
        return b.toString();
    }

    /**
     * The orders of a world with these roles: all at once; each role first (its nodes one at a
     * time, then the other roles' in role order), when there is more than one role; every node
     * one at a time in role order; and a rollback (the first role's nodes upgraded one at a time,
     * then downgraded in the same order).
     */
    public static List<Order> of(Map<String, List<String>> roles) {
        if (roles.isEmpty()) {
            throw new IllegalArgumentException("a rollout needs the world's roles");
        }
        List<String> all = NodeModes.nodesOf(roles);
        if (all.isEmpty()) {
            throw new IllegalArgumentException("a rollout needs a node");
        }
        List<Order> out = new ArrayList<>();
        out.add(new Order(ALL_AT_ONCE, "every node restarted at one instant", List.of(new Batch(all, true))));
        if (roles.size() > 1) {
            for (String role : roles.keySet()) {
                List<String> order = new ArrayList<>(roles.get(role));
                for (String n : all) {
                    if (!order.contains(n)) {
                        order.add(n);
                    }
                }
                out.add(new Order(
                        role + FIRST,
                        "the nodes of role " + role + " one at a time, then the others one at a time in role order",
                        oneByOne(order, true)));
            }
        }
        out.add(new Order(NODE_BY_NODE, "every node one at a time, in role order", oneByOne(all, true)));
        String firstRole = roles.keySet().iterator().next();
        List<String> first = roles.get(firstRole).isEmpty() ? all : roles.get(firstRole);
        List<Batch> rollback = new ArrayList<>(oneByOne(first, true));
        rollback.addAll(oneByOne(first, false));
        out.add(new Order(
                ROLLBACK,
                "the nodes of role " + firstRole
                        + " upgraded one at a time, then downgraded one at a time in the same order",
                rollback));
        return List.copyOf(out);
    }

    /** The order named {@code name} among {@code orders}. */
    public static Order named(List<Order> orders, String name) {
        for (Order o : orders) {
            if (o.name().equals(name)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown order '" + name + "' (expected one of "
                + String.join(", ", orders.stream().map(Order::name).toList()) + ")");
    }

    private static List<Batch> oneByOne(List<String> nodes, boolean upgrade) {
        List<Batch> out = new ArrayList<>();
        for (String n : nodes) {
            out.add(new Batch(List.of(n), upgrade));
        }
        return out;
    }
}
