package shardsim.cli.sweep;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A checkpoint line of a result file: the latency histograms of the seed lines written since the
 * previous checkpoint, {@code {"n":SEEDS,"m":{METRIC:HISTOGRAM,...}}}. One histogram per metric
 * for a batch of seeds costs a few bytes per seed, where a histogram on every seed's line cost
 * hundreds. A seed counts as done in the file only once a checkpoint covers it; {@code --resume}
 * runs the seeds after the last checkpoint again for their latencies (their lines stay), and
 * {@code summarize} leaves them out. Mutable while a sweep fills it; not thread-safe.
 */
public final class Checkpoint {
    /** The most seed lines a checkpoint may cover, so that a reader holds a bounded tail. */
    public static final int MAX_SEEDS = 100_000;
    /** Seed lines per checkpoint unless {@code sim sweep --checkpoint-every} says otherwise. */
    public static final int DEFAULT_SEEDS = 1_000;
    private static final List<String> FIELDS = List.of("n", "m");

    private long seeds;
    private final TreeMap<String, Histogram> metrics = new TreeMap<>();

    /** Counts one more seed line. */
    public void countSeed() {
        seeds++;
    }

    /** The seed lines this checkpoint covers. */
    public long seeds() {
        return seeds;
    }

    /** Records a seed's latency samples. */
    public void add(Map<String, long[]> samples) {
        for (Map.Entry<String, long[]> e : samples.entrySet()) {
            Histogram h = metrics.computeIfAbsent(e.getKey(), k -> MetricCodec.histogram());
            for (long v : e.getValue()) {
                h.recordValue(v);
            }
        }
    }

    /** The histograms by metric (not copies). */
    public TreeMap<String, Histogram> metrics() {
        return metrics;
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("n", seeds);
        ObjectNode m = o.putObject("m");
        metrics.forEach((k, h) -> m.put(k, MetricCodec.encode(h)));
        return o;
    }

    /** Starts the next batch. */
    public void clear() {
        seeds = 0;
        metrics.clear();
    }

    static Checkpoint parse(ObjectNode o, String where) {
        Json.onlyFields(o, where, FIELDS);
        Checkpoint c = new Checkpoint();
        c.seeds = Json.number(o, "n", where);
        if (c.seeds < 1 || c.seeds > MAX_SEEDS) {
            throw new UserError(where + ": a checkpoint of " + c.seeds + " seeds (1 to " + MAX_SEEDS + ")");
        }
        JsonNode ms = o.get("m");
        if (ms == null || !ms.isObject()) {
            throw new UserError(where + ": field 'm' is missing or not an object");
        }
        for (Map.Entry<String, JsonNode> e : ms.properties()) {
            if (!e.getValue().isString()) {
                throw new UserError(where + ": metric '" + shardsim.cli.io.Text.oneLine(e.getKey()) + "' is not a compressed histogram string");
            }
            c.metrics.put(e.getKey(), MetricCodec.decode(e.getValue().stringValue(), where + ": metric '" + shardsim.cli.io.Text.oneLine(e.getKey()) + "'"));
        }
        return c;
    }
}
