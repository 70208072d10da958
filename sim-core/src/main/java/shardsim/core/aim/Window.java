package shardsim.core.aim;

import java.util.List;

/**
 * A risky window as announced: something a fault could break is in flight. Data only; the
 * {@link Windows} board knows whether it is still open.
 *
 * @param id the board's number for it (1, 2, ... in the order opened)
 * @param kind what is in flight, in the upstream system's words (the scenario names its kinds)
 * @param subject the id of what is at risk: a shard, a tablet, a region
 * @param nodes the nodes the window involves, in an order the scenario documents
 * @param owner the node whose incarnation announced it (its crash closes the window), or null
 * @param openedMicros when it opened, in virtual time
 */
public record Window(long id, String kind, long subject, List<String> nodes, String owner, long openedMicros) {
    public Window {
        if (kind == null || kind.isBlank()) {
            throw new IllegalArgumentException("a window needs a kind");
        }
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a window involves at least one node: " + kind + " " + subject);
        }
    }
}
