package shardsim.core.sim;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's own latencies in virtual time (DDL latency, time to converge, time to finish a split),
 * kept as raw samples per name so that sweeps can merge them into histograms.
 */
public final class Metrics {
    private final TreeMap<String, long[]> samples = new TreeMap<>();
    private final TreeMap<String, Integer> sizes = new TreeMap<>();

    /** Records one value (a latency in microseconds, a size) of the named metric. */
    public void record(String name, long valueMicros) {
        if (valueMicros < 0) {
            throw new IllegalArgumentException("negative latency for " + name);
        }
        long[] a = samples.get(name);
        int n = sizes.getOrDefault(name, 0);
        if (a == null) {
            a = new long[8];
        } else if (n == a.length) {
            a = Arrays.copyOf(a, n * 2);
        }
        a[n] = valueMicros;
        samples.put(name, a);
        sizes.put(name, n + 1);
    }

    /** Samples by metric name, names sorted. */
    public Map<String, long[]> samples() {
        TreeMap<String, long[]> out = new TreeMap<>();
        for (Map.Entry<String, long[]> e : samples.entrySet()) {
            out.put(e.getKey(), Arrays.copyOf(e.getValue(), sizes.get(e.getKey())));
        }
        return Collections.unmodifiableMap(out);
    }
}
