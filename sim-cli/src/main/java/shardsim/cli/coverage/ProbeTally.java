package shardsim.cli.coverage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many runs hit each code probe ({@code NodeContext.probe}). Counts do not depend on the order
 * runs are added in, so per-thread tallies merge to the same result on any number of threads.
 */
public final class ProbeTally {
    private final TreeMap<String, Long> runs = new TreeMap<>();

    /** Adds one run's probes (each hit probe counts the run once). */
    public void add(Map<String, Long> probes) {
        for (String name : probes.keySet()) {
            runs.merge(name, 1L, Long::sum);
        }
    }

    public void addAll(ProbeTally other) {
        other.runs.forEach((name, n) -> runs.merge(name, n, Long::sum));
    }

    /** Runs that hit each probe, by name; probes no run hit are absent. */
    public Map<String, Long> runs() {
        return java.util.Collections.unmodifiableMap(runs);
    }

    /** The declared probes no run hit, in declaration order. */
    public List<String> neverHit(List<String> declared) {
        List<String> out = new ArrayList<>();
        for (String name : declared) {
            if (!runs.containsKey(name)) {
                out.add(name);
            }
        }
        return out;
    }
}
