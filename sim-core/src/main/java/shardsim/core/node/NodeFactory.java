package shardsim.core.node;

/** Builds a node instance; called at first start and again at every restart. */
@FunctionalInterface
public interface NodeFactory {
    Node create(NodeContext context);
}
