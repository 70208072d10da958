package shardsim.core.coverage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What many runs reached together: for each abstract state and transition, how many runs reached
 * it. The counts do not depend on the order runs are added in; what {@link #add} returns as new
 * does, so a caller that plots coverage against runs adds them in a fixed order (by seed). Not
 * thread-safe.
 */
public final class CoverageTally {
    private final Map<String, StateSpace> spaces = new LinkedHashMap<>();
    private final Map<String, TreeMap<Integer, Long>> states = new LinkedHashMap<>();
    private final Map<String, TreeMap<Long, Long>> transitions = new LinkedHashMap<>();
    private long runs;

    /** Adds one run's coverage; returns how many states and transitions no earlier run had reached. */
    public int add(Coverage coverage) {
        runs++;
        int fresh = 0;
        for (Coverage.Space s : coverage.spaces()) {
            String name = s.space().name();
            StateSpace known = spaces.putIfAbsent(name, s.space());
            if (known != null && !known.equals(s.space())) {
                throw new IllegalArgumentException("two state spaces named " + name);
            }
            TreeMap<Integer, Long> st = states.computeIfAbsent(name, k -> new TreeMap<>());
            for (int state : s.states()) {
                if (st.merge(state, 1L, Long::sum) == 1L) {
                    fresh++;
                }
            }
            TreeMap<Long, Long> tr = transitions.computeIfAbsent(name, k -> new TreeMap<>());
            for (long t : s.transitions()) {
                if (tr.merge(t, 1L, Long::sum) == 1L) {
                    fresh++;
                }
            }
        }
        return fresh;
    }

    /** Adds everything another tally counted. */
    public void addAll(CoverageTally other) {
        runs += other.runs;
        for (Map.Entry<String, StateSpace> e : other.spaces.entrySet()) {
            spaces.putIfAbsent(e.getKey(), e.getValue());
            TreeMap<Integer, Long> st = states.computeIfAbsent(e.getKey(), k -> new TreeMap<>());
            other.states.get(e.getKey()).forEach((k, v) -> st.merge(k, v, Long::sum));
            TreeMap<Long, Long> tr = transitions.computeIfAbsent(e.getKey(), k -> new TreeMap<>());
            other.transitions.get(e.getKey()).forEach((k, v) -> tr.merge(k, v, Long::sum));
        }
    }

    /** How many runs were added. */
    public long runs() {
        return runs;
    }

    /** The spaces seen, in the order first seen. */
    public List<StateSpace> spaces() {
        return List.copyOf(spaces.values());
    }

    /** Distinct states reached over all spaces. */
    public int stateCount() {
        int n = 0;
        for (TreeMap<Integer, Long> st : states.values()) {
            n += st.size();
        }
        return n;
    }

    /** Distinct transitions taken over all spaces. */
    public int transitionCount() {
        int n = 0;
        for (TreeMap<Long, Long> tr : transitions.values()) {
            n += tr.size();
        }
        return n;
    }

    /** How many runs reached each state of {@code space}, by state (only states reached). */
    public Map<Integer, Long> stateRuns(String space) {
        return java.util.Collections.unmodifiableMap(states.getOrDefault(space, new TreeMap<>()));
    }

    /** How many runs took each transition of {@code space} (only transitions taken). */
    public Map<Long, Long> transitionRuns(String space) {
        return java.util.Collections.unmodifiableMap(transitions.getOrDefault(space, new TreeMap<>()));
    }

    /** The states of {@code space} no run reached, ascending. */
    public List<Integer> unreached(StateSpace space) {
        TreeMap<Integer, Long> st = states.getOrDefault(space.name(), new TreeMap<>());
        List<Integer> out = new ArrayList<>();
        for (int s = 0; s < space.size(); s++) {
            if (!st.containsKey(s)) {
                out.add(s);
            }
        }
        return out;
    }
}
