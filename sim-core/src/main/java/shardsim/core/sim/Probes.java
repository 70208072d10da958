package shardsim.core.sim;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's code probes: named places in the model (a fault taking effect, an operation reaching the
 * system) and how often the run passed them, in the spirit of FoundationDB's code probes. A probe
 * draws nothing and traces nothing, so hitting one changes no run. They answer a question the
 * checks cannot: did the sweep exercise what its plans say it did? A fixed-mode sweep in which a
 * fault kind never took effect holds every check without testing the fix against that fault.
 */
public final class Probes {
    private final TreeMap<String, Long> hits = new TreeMap<>();

    /** Counts one pass of probe {@code name}. */
    public void hit(String name) {
        hits.merge(name, 1L, Long::sum);
    }

    /** Hits by probe name, names sorted; probes never hit are absent. */
    public Map<String, Long> counts() {
        return Collections.unmodifiableMap(new TreeMap<>(hits));
    }
}
