package shardsim.core.node;

/** Builds a node instance; called at first start and again at every restart. */
@FunctionalInterface
public interface NodeFactory {
    /** A new instance for the incarnation {@code context} stands for (first boot, restart, or a restart on other code). */
    Node create(NodeContext context);
}
