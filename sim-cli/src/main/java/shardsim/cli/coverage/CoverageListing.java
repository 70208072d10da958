package shardsim.cli.coverage;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import shardsim.cli.io.Json;
import shardsim.core.coverage.CoverageTally;
import shardsim.core.coverage.StateSpace;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tally listed per state space: states reached of all, transitions taken, the rarest states
 * reached with the runs that reached each, and every state never reached, by label.
 */
public final class CoverageListing {
    /** How many of the rarest reached states a listing names. */
    public static final int RAREST = 10;

    private CoverageListing() {}

    /** A reached state and how many runs reached it. */
    public record Rare(int state, long runs) {}

    /** The {@link #RAREST} reached states with the fewest runs, fewest first (ties in state order). */
    public static List<Rare> rarest(CoverageTally tally, StateSpace space) {
        List<Rare> all = new ArrayList<>();
        for (Map.Entry<Integer, Long> e : tally.stateRuns(space.name()).entrySet()) {
            all.add(new Rare(e.getKey(), e.getValue()));
        }
        all.sort(Comparator.comparingLong(Rare::runs).thenComparingInt(Rare::state));
        return all.subList(0, Math.min(RAREST, all.size()));
    }

    public static void render(
            PrintStream out, String title, CoverageTally tally, ProbeTally probes, List<String> declared) {
        out.println(title);
        for (StateSpace space : tally.spaces()) {
            Map<Integer, Long> reached = tally.stateRuns(space.name());
            out.println(space.name() + ": " + reached.size() + " of " + space.size() + " states, "
                    + tally.transitionRuns(space.name()).size() + " transitions");
            out.println("  rarest reached (runs of " + tally.runs() + "):");
            for (Rare r : rarest(tally, space)) {
                out.println(String.format("  %8d  %s", r.runs(), space.label(r.state())));
            }
            List<Integer> never = tally.unreached(space);
            out.println("  never reached (" + never.size() + "):" + (never.isEmpty() ? " none" : ""));
            for (int s : never) {
                out.println("    " + space.label(s));
            }
        }
        if (!declared.isEmpty()) {
            out.println("code probes: "
                    + (declared.size() - probes.neverHit(declared).size()) + " of " + declared.size() + " hit (runs of "
                    + tally.runs() + "):");
            for (String name : declared) {
                out.println(String.format("  %8d  %s", probes.runs().getOrDefault(name, 0L), name));
            }
            List<String> never = probes.neverHit(declared);
            out.println("  never hit (" + never.size() + "):"
                    + (never.isEmpty() ? " none" : " " + String.join(", ", never)));
        }
    }

    public static ObjectNode toJson(CoverageTally tally, ProbeTally probes, List<String> declared) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("runs", tally.runs());
        ArrayNode spaces = o.putArray("spaces");
        for (StateSpace space : tally.spaces()) {
            ObjectNode s = spaces.addObject();
            s.put("space", space.name());
            s.put("size", space.size());
            s.put("states", tally.stateRuns(space.name()).size());
            s.put("transitions", tally.transitionRuns(space.name()).size());
            ArrayNode rare = s.putArray("rarest");
            for (Rare r : rarest(tally, space)) {
                ObjectNode x = rare.addObject();
                x.put("state", space.label(r.state()));
                x.put("runs", r.runs());
            }
            ArrayNode never = s.putArray("neverReached");
            for (int st : tally.unreached(space)) {
                never.add(space.label(st));
            }
        }
        ObjectNode hits = o.putObject("probes");
        for (String name : declared) {
            hits.put(name, probes.runs().getOrDefault(name, 0L));
        }
        ArrayNode never = o.putArray("probesNeverHit");
        probes.neverHit(declared).forEach(never::add);
        return o;
    }
}
