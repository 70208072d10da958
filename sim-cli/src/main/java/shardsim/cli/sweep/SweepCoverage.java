package shardsim.cli.sweep;

import java.io.PrintStream;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * The distinct abstract states and transitions a sweep's seeds reached, per state space. Sets, so
 * the result does not depend on the order seeds finish in (or on the thread count).
 */
public final class SweepCoverage {
    private static final class Reached {
        final int size;
        final BitSet states = new BitSet();
        final TreeSet<Long> transitions = new TreeSet<>();

        Reached(int size) {
            this.size = size;
        }
    }

    /** By space name, in the order first seen (the scenario's order). */
    private final Map<String, Reached> spaces = new LinkedHashMap<>();

    public void add(SeedCoverage c, String where) {
        for (SeedCoverage.Space s : c.spaces()) {
            Reached r = spaces.computeIfAbsent(s.name(), k -> new Reached(s.size()));
            if (r.size != s.size()) {
                throw new UserError(where + ": state space " + s.name() + " has " + s.size() + " states here and " + r.size + " in earlier results");
            }
            for (int st : s.states()) {
                r.states.set(st);
            }
            for (long t : s.transitions()) {
                r.transitions.add(t);
            }
        }
    }

    public boolean isEmpty() {
        return spaces.isEmpty();
    }

    /** One line per space: {@code shard: 23 of 160 states, 41 transitions}. */
    public void render(PrintStream out) {
        if (spaces.isEmpty()) {
            return;
        }
        out.println("state coverage (distinct abstract states and transitions reached):");
        spaces.forEach((name, r) -> out.println("  " + name + ": " + r.states.cardinality() + " of " + r.size + " states, " + r.transitions.size() + " transitions"));
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        spaces.forEach((name, r) -> {
            ObjectNode s = o.putObject(name);
            s.put("states", r.states.cardinality());
            s.put("size", r.size);
            s.put("transitions", r.transitions.size());
        });
        return o;
    }
}
