package shardsim.core.sim;

import shardsim.core.node.Disk;
import shardsim.core.node.Node;
import shardsim.core.node.NodeFactory;

/** The kernel's record of one node across its incarnations: the disk outlives them all. */
final class NodeHost {
    final String name;
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

    NodeHost(String name, NodeFactory factory, boolean crashable, String code) {
        this.name = name;
        this.factory = factory;
        this.crashable = crashable;
        this.code = code;
    }
}
