package shardsim.core.net;

/** A directed link between two nodes. */
public record Link(String from, String to) {
    @Override
    public String toString() {
        return from + "->" + to;
    }
}
