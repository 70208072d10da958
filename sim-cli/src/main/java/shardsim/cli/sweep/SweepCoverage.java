package shardsim.cli.sweep;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import shardsim.core.coverage.Coverage;
import shardsim.core.coverage.StateSpace;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a batch of seeds reached of the scenario's state spaces: for each abstract state and each
 * transition, how many of the seeds reached it. Counts, not sets, so that batches add exactly (like
 * histograms): the checkpoints of shard files give the counts of one unsharded run, whatever their
 * sizes, and the distinct states and transitions follow from the counts. Nothing depends on the
 * order seeds finish in. Not thread-safe.
 *
 * <p>A checkpoint line keeps it in one short text ({@link #encoded}): per space
 * {@code NAME/SIZE:STATES/TRANSITIONS}, spaces separated by {@code ;}; states ascending, each
 * {@code STATE*RUNS}; transitions ascending, each {@code I-J*RUNS} with {@code I} and {@code J} the
 * positions of its two states in that space's state list (a transition joins two states some seed
 * reached); items separated by {@code .}, every number base 36. For example
 * {@code shard/160:9*3.a*2.e*1/0-1*2.1-2*1}.
 */
public final class SweepCoverage {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,63}");

    private static final class Space {
        final int size;
        final TreeMap<Integer, Long> states = new TreeMap<>();
        final TreeMap<Long, Long> transitions = new TreeMap<>();

        Space(int size) {
            this.size = size;
        }
    }

    /** By space name, in the order first seen (the scenario's order). */
    private final Map<String, Space> spaces = new LinkedHashMap<>();

    /** Adds one seed's run. */
    public void add(Coverage c) {
        for (Coverage.Space s : c.spaces()) {
            Space r = space(s.space().name(), s.space().size(), "a run");
            for (int st : s.states()) {
                r.states.merge(st, 1L, Long::sum);
            }
            for (long t : s.transitions()) {
                r.transitions.merge(t, 1L, Long::sum);
            }
        }
    }

    /** Adds another batch's counts; {@code where} names it in an error. */
    public void addAll(SweepCoverage other, String where) {
        other.spaces.forEach((name, o) -> {
            Space r = space(name, o.size, where);
            o.states.forEach((k, v) -> r.states.merge(k, v, Long::sum));
            o.transitions.forEach((k, v) -> r.transitions.merge(k, v, Long::sum));
        });
    }

    private Space space(String name, int size, String where) {
        Space r = spaces.computeIfAbsent(name, k -> new Space(size));
        if (r.size != size) {
            throw new UserError(where + ": state space " + name + " has " + size + " states here and " + r.size
                    + " in earlier results");
        }
        return r;
    }

    public void clear() {
        spaces.clear();
    }

    public boolean isEmpty() {
        return spaces.isEmpty();
    }

    /** The spaces by name, in the order first seen. */
    public List<String> spaceNames() {
        return List.copyOf(spaces.keySet());
    }

    /** How many seeds reached each state of {@code space} (only states reached). */
    public Map<Integer, Long> stateRuns(String space) {
        Space s = spaces.get(space);
        return s == null ? Map.of() : Collections.unmodifiableMap(s.states);
    }

    /** How many seeds took each transition of {@code space}, each {@code from * size + to} (only transitions taken). */
    public Map<Long, Long> transitionRuns(String space) {
        Space s = spaces.get(space);
        return s == null ? Map.of() : Collections.unmodifiableMap(s.transitions);
    }

    /** The largest count held (no state or transition is reached by more seeds than a batch has). */
    public long maxRuns() {
        long max = 0;
        for (Space s : spaces.values()) {
            for (long v : s.states.values()) {
                max = Math.max(max, v);
            }
            for (long v : s.transitions.values()) {
                max = Math.max(max, v);
            }
        }
        return max;
    }

    /** One line per space: {@code shard: 23 of 160 states, 41 transitions}. */
    public void render(PrintStream out) {
        if (spaces.isEmpty()) {
            return;
        }
        out.println("state coverage (distinct abstract states and transitions reached):");
        spaces.forEach((name, r) -> out.println("  " + name + ": " + r.states.size() + " of " + r.size + " states, "
                + r.transitions.size() + " transitions"));
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        spaces.forEach((name, r) -> {
            ObjectNode s = o.putObject(name);
            s.put("states", r.states.size());
            s.put("size", r.size);
            s.put("transitions", r.transitions.size());
        });
        return o;
    }

    public String encoded() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Space> e : spaces.entrySet()) {
            Space s = e.getValue();
            if (b.length() > 0) {
                b.append(';');
            }
            b.append(e.getKey()).append('/').append(s.size).append(':');
            int[] states = new int[s.states.size()];
            int i = 0;
            for (Map.Entry<Integer, Long> st : s.states.entrySet()) {
                b.append(i == 0 ? "" : ".")
                        .append(Integer.toString(st.getKey(), 36))
                        .append('*')
                        .append(Long.toString(st.getValue(), 36));
                states[i++] = st.getKey();
            }
            b.append('/');
            i = 0;
            for (Map.Entry<Long, Long> t : s.transitions.entrySet()) {
                int from = java.util.Arrays.binarySearch(states, (int) (t.getKey() / s.size));
                int to = java.util.Arrays.binarySearch(states, (int) (t.getKey() % s.size));
                if (from < 0 || to < 0) {
                    throw new IllegalStateException(
                            "space " + e.getKey() + ": a transition joins a state no seed reached");
                }
                b.append(i++ == 0 ? "" : ".")
                        .append(Integer.toString(from, 36))
                        .append('-')
                        .append(Integer.toString(to, 36))
                        .append('*')
                        .append(Long.toString(t.getValue(), 36));
            }
        }
        return b.toString();
    }

    /** The counts {@code text} encodes, or a one-line error naming {@code where}. */
    public static SweepCoverage decode(String text, String where) {
        SweepCoverage c = new SweepCoverage();
        if (text.isEmpty()) {
            return c;
        }
        for (String part : text.split(";", -1)) {
            c.decodeSpace(part, where);
        }
        return c;
    }

    private void decodeSpace(String part, String where) {
        int slash = part.indexOf('/');
        int colon = part.indexOf(':');
        if (slash < 0 || colon < slash) {
            throw bad(where, "'" + part + "' is not NAME/SIZE:STATES/TRANSITIONS");
        }
        String name = part.substring(0, slash);
        if (!NAME.matcher(name).matches()) {
            throw bad(where, "'" + name + "' is not a state space name");
        }
        if (spaces.containsKey(name)) {
            throw bad(where, "space " + name + " is listed twice");
        }
        int size = (int) number(part.substring(slash + 1, colon), 10, StateSpace.MAX_SIZE, where);
        if (size < 1) {
            throw bad(where, "space " + name + " has no states");
        }
        String rest = part.substring(colon + 1);
        int sep = rest.indexOf('/');
        if (sep < 0) {
            throw bad(where, "space " + name + " lacks the '/' between its states and its transitions");
        }
        Space s = new Space(size);
        List<Integer> states = new ArrayList<>();
        for (String item : list(rest.substring(0, sep))) {
            int star = starOf(item, name, where);
            int state = (int) number(item.substring(0, star), 36, size - 1, where);
            if (!states.isEmpty() && state <= states.get(states.size() - 1)) {
                throw bad(where, "space " + name + ": states are not in ascending order");
            }
            states.add(state);
            s.states.put(state, runs(item.substring(star + 1), where));
        }
        long previous = -1;
        for (String item : list(rest.substring(sep + 1))) {
            int star = starOf(item, name, where);
            int dash = item.indexOf('-');
            if (dash < 0 || dash > star) {
                throw bad(where, "space " + name + ": transition '" + item + "' is not I-J*RUNS");
            }
            int from = (int) number(item.substring(0, dash), 36, states.size() - 1, where);
            int to = (int) number(item.substring(dash + 1, star), 36, states.size() - 1, where);
            long t = (long) states.get(from) * size + states.get(to);
            if (t <= previous) {
                throw bad(where, "space " + name + ": transitions are not in ascending order");
            }
            previous = t;
            s.transitions.put(t, runs(item.substring(star + 1), where));
        }
        spaces.put(name, s);
    }

    private static int starOf(String item, String space, String where) {
        int star = item.indexOf('*');
        if (star < 0) {
            throw bad(where, "space " + space + ": '" + item + "' lacks its run count ('*RUNS')");
        }
        return star;
    }

    private static long runs(String text, String where) {
        long v = number(text, 36, Checkpoint.MAX_SEEDS, where);
        if (v < 1) {
            throw bad(where, "a run count of 0");
        }
        return v;
    }

    private static String[] list(String text) {
        return text.isEmpty() ? new String[0] : text.split("\\.", -1);
    }

    private static long number(String text, int radix, long max, String where) {
        long v;
        try {
            v = Long.parseLong(text, radix);
        } catch (NumberFormatException e) {
            throw bad(where, "'" + text + "' is not a number");
        }
        if (v < 0 || v > max || text.startsWith("+")) {
            throw bad(where, "'" + text + "' is out of range (0 to " + max + ")");
        }
        return v;
    }

    private static UserError bad(String where, String what) {
        return new UserError(where + ": field 'c': " + what);
    }
}
