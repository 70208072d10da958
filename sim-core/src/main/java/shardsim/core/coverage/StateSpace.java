package shardsim.core.coverage;

import java.util.ArrayList;
import java.util.List;

/**
 * The abstract states of one kind of entity (a shard, a tablet, a region): the product of its
 * dimensions. A state is a number in {@code [0, size())}, mixed radix with the first dimension most
 * significant, so states sort in the order their labels read.
 *
 * @param name the kind of entity, such as {@code shard}
 * @param dimensions what the abstraction keeps of each entity
 */
public record StateSpace(String name, List<Dimension> dimensions) {
    /** Spaces larger than this are not small abstractions; {@code sim coverage} lists every unreached state. */
    public static final int MAX_SIZE = 1 << 16;

    public StateSpace {
        dimensions = List.copyOf(dimensions);
        long size = 1;
        for (Dimension d : dimensions) {
            size *= d.values().size();
            if (size > MAX_SIZE) {
                throw new IllegalArgumentException("state space " + name + " has more than " + MAX_SIZE + " states");
            }
        }
    }

    /** A space named {@code name}: every combination of these dimensions' values. */
    public static StateSpace of(String name, Dimension... dimensions) {
        return new StateSpace(name, List.of(dimensions));
    }

    /** How many states the space has (the product of its dimensions' sizes). */
    public int size() {
        int size = 1;
        for (Dimension d : dimensions) {
            size *= d.values().size();
        }
        return size;
    }

    /** The state whose dimension {@code i} has value index {@code indices[i]}. */
    public int encode(int... indices) {
        if (indices.length != dimensions.size()) {
            throw new IllegalArgumentException(
                    "state space " + name + " has " + dimensions.size() + " dimensions, not " + indices.length);
        }
        int state = 0;
        for (int i = 0; i < indices.length; i++) {
            int radix = dimensions.get(i).values().size();
            if (indices[i] < 0 || indices[i] >= radix) {
                throw new IllegalArgumentException(
                        "dimension " + dimensions.get(i).name() + " has no value index " + indices[i]);
            }
            state = state * radix + indices[i];
        }
        return state;
    }

    /** The value indices of {@code state}, one per dimension. */
    public int[] decode(int state) {
        int[] out = new int[dimensions.size()];
        for (int i = dimensions.size() - 1; i >= 0; i--) {
            int radix = dimensions.get(i).values().size();
            out[i] = state % radix;
            state /= radix;
        }
        return out;
    }

    /** {@code state} as text: {@code dim=value} for each dimension, separated by spaces. */
    public String label(int state) {
        int[] idx = decode(state);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < idx.length; i++) {
            Dimension d = dimensions.get(i);
            sb.append(i == 0 ? "" : " ")
                    .append(d.name())
                    .append('=')
                    .append(d.values().get(idx[i]));
        }
        return sb.toString();
    }

    /** The labels of all states, in state order. */
    public List<String> labels() {
        List<String> out = new ArrayList<>();
        for (int s = 0; s < size(); s++) {
            out.add(label(s));
        }
        return out;
    }
}
