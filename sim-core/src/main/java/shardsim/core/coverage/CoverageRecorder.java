package shardsim.core.coverage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.TreeSet;

/**
 * Samples a run's abstractions and remembers what they reached. A transition is an entity's state
 * changing between two samples; an entity seen for the first time enters its state without one.
 * One per simulation, single-threaded like it.
 */
public final class CoverageRecorder {
    private final List<Tracked> tracked = new ArrayList<>();

    /** Registers an abstraction to sample. */
    public void add(Abstraction abstraction) {
        tracked.add(new Tracked(abstraction));
    }

    /** Whether no abstraction is registered. */
    public boolean isEmpty() {
        return tracked.isEmpty();
    }

    /** Samples every abstraction once. */
    public void sample() {
        for (int i = 0; i < tracked.size(); i++) {
            Tracked t = tracked.get(i);
            t.reports = 0;
            t.abstraction.sample(t);
        }
    }

    /** The states and transitions reached so far. */
    public Coverage coverage() {
        if (tracked.isEmpty()) {
            return Coverage.NONE;
        }
        List<Coverage.Space> out = new ArrayList<>();
        for (Tracked t : tracked) {
            long[] transitions = new long[t.transitions.size()];
            int i = 0;
            for (long tr : t.transitions) {
                transitions[i++] = tr;
            }
            out.add(new Coverage.Space(t.space, t.reached.stream().toArray(), transitions));
        }
        return new Coverage(out);
    }

    private static final class Tracked implements Abstraction.Sink {
        final Abstraction abstraction;
        final StateSpace space;
        final int size;
        final BitSet reached = new BitSet();
        /** Sorted, and small: a transition is added only when an entity changes state. */
        final TreeSet<Long> transitions = new TreeSet<>();
        /** Entities seen, with their last state; few per run, so a scan beats hashing. */
        long[] entities = new long[8];

        int[] last = new int[8];
        int count;
        /**
         * Per position in a sample's reports, the slot the entity reported there had last time: an
         * abstraction reports its entities in the same order at every sample (not always the order
         * they were first seen in), so a report costs one comparison instead of a scan.
         */
        int[] slotAt = new int[8];
        /** Reports so far in the current sample. */
        int reports;

        Tracked(Abstraction abstraction) {
            this.abstraction = abstraction;
            this.space = abstraction.space();
            this.size = space.size();
        }

        @Override
        public void state(long entity, int state) {
            if (state < 0 || state >= size) {
                throw new IllegalArgumentException(
                        "state " + state + " is outside space " + space.name() + " of " + size + " states");
            }
            reached.set(state);
            int at = reports++;
            if (at == slotAt.length) {
                slotAt = Arrays.copyOf(slotAt, at * 2);
            }
            int guess = slotAt[at];
            int i = guess < count && entities[guess] == entity ? guess : indexOf(entity);
            if (i >= 0) {
                slotAt[at] = i;
                int prev = last[i];
                if (prev != state) {
                    // Coverage.Space.transition's encoding, with the space's size read once.
                    transitions.add((long) prev * size + state);
                    last[i] = state;
                }
                return;
            }
            if (count == entities.length) {
                entities = Arrays.copyOf(entities, count * 2);
                last = Arrays.copyOf(last, count * 2);
            }
            entities[count] = entity;
            last[count] = state;
            slotAt[at] = count;
            count++;
        }

        private int indexOf(long entity) {
            for (int i = 0; i < count; i++) {
                if (entities[i] == entity) {
                    return i;
                }
            }
            return -1;
        }
    }
}
