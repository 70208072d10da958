package shardsim.core.kind;

import shardsim.core.random.SimRandom;

/**
 * A closed range of whole values a generator draws a field from: the seeded generator through
 * {@link #draw}, a jqwik arbitrary over the same {@link #min}..{@link #max}, a mutator keeping a
 * mutant inside it. Declared once, next to the kind (or the profile) it is for.
 */
public record Range(long min, long max) {
    public Range {
        if (max < min) {
            throw new IllegalArgumentException("empty range " + min + ".." + max);
        }
    }

    /** A value drawn uniformly from the range ({@link SimRandom#between}). */
    public long draw(SimRandom random) {
        return random.between(min, max);
    }
}
