package shardsim.core.coverage;

import java.util.List;

/** One dimension of an abstract state: its name and its finite values, in order. */
public record Dimension(String name, List<String> values) {
    public Dimension {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("dimension " + name + " has no values");
        }
        values = List.copyOf(values);
    }

    /** A dimension named {@code name} with these values, in order. */
    public static Dimension of(String name, String... values) {
        return new Dimension(name, List.of(values));
    }

    /** The index of {@code value}; an unknown value is a bug in the abstraction. */
    public int indexOf(String value) {
        int i = values.indexOf(value);
        if (i < 0) {
            throw new IllegalArgumentException(
                    "dimension " + name + " has no value " + value + " (has " + values + ")");
        }
        return i;
    }
}
