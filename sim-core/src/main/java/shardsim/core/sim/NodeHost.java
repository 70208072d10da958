package shardsim.core.sim;

import shardsim.core.node.Disk;
import shardsim.core.node.Node;
import shardsim.core.node.NodeFactory;

/** The kernel's record of one node across its incarnations: the disk outlives them all. */
final class NodeHost {
    final String name;
    /** The order in which the node was added, from 0: its place in every sender's {@link #routes}. */
    final int index;

    final NodeFactory factory;
    final boolean crashable;
    final Disk disk = new Disk();
    Node node;
    HostContext context;
    boolean up;
    int incarnation = -1;
    long skewMicros;
    /** The mode whose code the node runs (its next incarnation, while it is down). */
    String code;

    /** Links from this node, by receiver index; made on first use. */
    private Route[] routes = new Route[0];

    NodeHost(String name, int index, NodeFactory factory, boolean crashable, String code) {
        this.name = name;
        this.index = index;
        this.factory = factory;
        this.crashable = crashable;
        this.code = code;
    }

    /** The link from this node to {@code to}. */
    Route routeTo(NodeHost to) {
        int i = to.index;
        if (i >= routes.length) {
            routes = java.util.Arrays.copyOf(routes, Math.max(i + 1, 2 * routes.length));
        }
        Route r = routes[i];
        if (r == null) {
            r = new Route(this, to);
            routes[i] = r;
        }
        return r;
    }
}
