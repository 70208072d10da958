package shardsim.core.coverage;

import java.util.List;

/**
 * The abstract states and transitions one run reached, per state space, in the order the scenario
 * registered its abstractions.
 */
public record Coverage(List<Space> spaces) {
    /** No abstraction registered: nothing reached. */
    public static final Coverage NONE = new Coverage(List.of());

    public Coverage {
        spaces = List.copyOf(spaces);
    }

    /**
     * What a run reached in one space.
     *
     * @param space the space
     * @param states the states reached, ascending
     * @param transitions the transitions taken, each {@code from * space.size() + to}, ascending
     */
    public record Space(StateSpace space, int[] states, long[] transitions) {
        /** A transition between two states of {@code space}, as one number. */
        public static long transition(StateSpace space, int from, int to) {
            return (long) from * space.size() + to;
        }

        /** The state a transition leaves. */
        public static int from(StateSpace space, long transition) {
            return (int) (transition / space.size());
        }

        /** The state a transition enters. */
        public static int to(StateSpace space, long transition) {
            return (int) (transition % space.size());
        }
    }

    /** States reached, summed over spaces. */
    public int stateCount() {
        int n = 0;
        for (Space s : spaces) {
            n += s.states().length;
        }
        return n;
    }

    /** Transitions taken, summed over spaces. */
    public int transitionCount() {
        int n = 0;
        for (Space s : spaces) {
            n += s.transitions().length;
        }
        return n;
    }
}
