package shardsim.core.sim;

/**
 * A directed link between two nodes as the kernel holds it: both ends and the messages in flight
 * on it. A sender finds it by the receiver's index, and a delivery carries it, so that neither
 * looks a node or a counter up by name.
 */
final class Route {
    final NodeHost from;
    final NodeHost to;
    /** Messages sent on this link and not yet arrived (the link's capacity bounds it). */
    int inFlight;

    Route(NodeHost from, NodeHost to) {
        this.from = from;
        this.to = to;
    }

    /** Whether this is a node's link to itself, which does not cross the network. */
    boolean self() {
        return from == to;
    }
}
