package shardsim.cli.sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import shardsim.cli.base.UserError;
import shardsim.core.coverage.Coverage;
import shardsim.core.coverage.StateSpace;

/**
 * What one seed reached of its scenario's state spaces, as a result line keeps it: per space its
 * name, its size, the states reached and the transitions taken. The line's form ({@link #encoded})
 * is short: {@code NAME/SIZE:STATES/TRANSITIONS} per space, spaces separated by {@code ;}, states
 * as ascending base-36 numbers separated by {@code .}, and each transition as {@code i-j}, the
 * base-36 positions of its two states in that list (a transition joins two states the run reached).
 * For example {@code shard/160:9.a.e/0-1.1-2}.
 *
 * @param spaces in the order the scenario registered its abstractions
 */
public record SeedCoverage(List<Space> spaces) {
    public static final SeedCoverage NONE = new SeedCoverage(List.of());
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,63}");

    public SeedCoverage {
        spaces = List.copyOf(spaces);
    }

    /**
     * One space's share of a run.
     *
     * @param transitions each {@code from * size + to}, ascending
     */
    public record Space(String name, int size, int[] states, long[] transitions) {
    }

    public static SeedCoverage of(Coverage c) {
        if (c.spaces().isEmpty()) {
            return NONE;
        }
        List<Space> out = new ArrayList<>(c.spaces().size());
        for (Coverage.Space s : c.spaces()) {
            out.add(new Space(s.space().name(), s.space().size(), s.states(), s.transitions()));
        }
        return new SeedCoverage(out);
    }

    public String encoded() {
        StringBuilder b = new StringBuilder();
        for (Space s : spaces) {
            if (b.length() > 0) {
                b.append(';');
            }
            b.append(s.name()).append('/').append(s.size()).append(':');
            for (int i = 0; i < s.states().length; i++) {
                b.append(i == 0 ? "" : ".").append(Integer.toString(s.states()[i], 36));
            }
            b.append('/');
            for (int i = 0; i < s.transitions().length; i++) {
                long t = s.transitions()[i];
                int from = Arrays.binarySearch(s.states(), (int) (t / s.size()));
                int to = Arrays.binarySearch(s.states(), (int) (t % s.size()));
                if (from < 0 || to < 0) {
                    throw new IllegalStateException("space " + s.name() + ": a transition joins a state the run did not reach");
                }
                b.append(i == 0 ? "" : ".").append(Integer.toString(from, 36)).append('-').append(Integer.toString(to, 36));
            }
        }
        return b.toString();
    }

    /** The coverage {@code text} encodes, or a one-line error naming {@code where}. */
    public static SeedCoverage decode(String text, String where) {
        if (text.isEmpty()) {
            return NONE;
        }
        List<Space> out = new ArrayList<>();
        for (String part : text.split(";", -1)) {
            out.add(space(part, where));
        }
        return new SeedCoverage(out);
    }

    private static Space space(String part, String where) {
        int slash = part.indexOf('/');
        int colon = part.indexOf(':');
        if (slash < 0 || colon < slash) {
            throw bad(where, "'" + part + "' is not NAME/SIZE:STATES/TRANSITIONS");
        }
        String name = part.substring(0, slash);
        if (!NAME.matcher(name).matches()) {
            throw bad(where, "'" + name + "' is not a state space name");
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
        String[] st = list(rest.substring(0, sep));
        int[] states = new int[st.length];
        for (int i = 0; i < st.length; i++) {
            states[i] = (int) number(st[i], 36, size - 1, where);
            if (i > 0 && states[i] <= states[i - 1]) {
                throw bad(where, "space " + name + ": states are not in ascending order");
            }
        }
        String[] tr = list(rest.substring(sep + 1));
        long[] transitions = new long[tr.length];
        for (int i = 0; i < tr.length; i++) {
            int dash = tr[i].indexOf('-');
            if (dash < 0) {
                throw bad(where, "space " + name + ": transition '" + tr[i] + "' is not i-j");
            }
            int from = (int) number(tr[i].substring(0, dash), 36, states.length - 1, where);
            int to = (int) number(tr[i].substring(dash + 1), 36, states.length - 1, where);
            transitions[i] = (long) states[from] * size + states[to];
            if (i > 0 && transitions[i] <= transitions[i - 1]) {
                throw bad(where, "space " + name + ": transitions are not in ascending order");
            }
        }
        return new Space(name, size, states, transitions);
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
        return new UserError(where + ": field 'coverage': " + what);
    }
}
