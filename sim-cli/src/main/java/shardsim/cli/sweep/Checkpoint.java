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
 * A checkpoint line of a result file: the latency histograms and the state coverage of the seed
 * lines written since the previous checkpoint, {@code {"n":SEEDS,"m":{METRIC:HISTOGRAM,...},"c":COVERAGE}}
 * ({@code c}: per abstract state and transition, how many of those seeds reached it,
 * {@link SweepCoverage#encoded}; empty for a scenario that declares no abstraction). One histogram
 * per metric and one count per state reached for a batch of seeds cost a few bytes per seed, where
 * a histogram and a coverage field on every seed's line cost hundreds. Both add exactly, so
 * checkpoints of any sizes give the latencies and coverage of one unsharded run. A seed counts as
 * done in the file only once a checkpoint covers it; {@code --resume} runs the seeds after the last
 * checkpoint again for their latencies and coverage (their lines stay), and {@code summarize}
 * leaves them out. Mutable while a sweep fills it; not thread-safe.
 */
public final class Checkpoint {
    /** The most seed lines a checkpoint may cover, so that a reader holds a bounded tail. */
    public static final int MAX_SEEDS = 100_000;
    /** Seed lines per checkpoint unless {@code sim sweep --checkpoint-every} says otherwise. */
    public static final int DEFAULT_SEEDS = 1_000;

    private static final List<String> FIELDS = List.of("n", "m", "c");

    private long seeds;
    private final TreeMap<String, Histogram> metrics = new TreeMap<>();
    private final SweepCoverage coverage = new SweepCoverage();

    /** Counts one more seed line. */
    public void countSeed() {
        seeds++;
    }

    /** The seed lines this checkpoint covers. */
    public long seeds() {
        return seeds;
    }

    /** Records a seed's latency samples and coverage (a seed run in this process). */
    public void add(SeedResult r) {
        coverage.add(r.coverage());
        for (Map.Entry<String, long[]> e : r.metrics().entrySet()) {
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

    /** The seeds' state coverage (not a copy). */
    public SweepCoverage coverage() {
        return coverage;
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("n", seeds);
        ObjectNode m = o.putObject("m");
        metrics.forEach((k, h) -> m.put(k, MetricCodec.encode(h)));
        o.put("c", coverage.encoded());
        return o;
    }

    /** Starts the next batch. */
    public void clear() {
        seeds = 0;
        metrics.clear();
        coverage.clear();
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
                throw new UserError(where + ": metric '" + shardsim.cli.io.Text.oneLine(e.getKey())
                        + "' is not a compressed histogram string");
            }
            c.metrics.put(
                    e.getKey(),
                    MetricCodec.decode(
                            e.getValue().stringValue(),
                            where + ": metric '" + shardsim.cli.io.Text.oneLine(e.getKey()) + "'"));
        }
        c.coverage.addAll(SweepCoverage.decode(Json.text(o, "c", where), where), where);
        if (c.coverage.maxRuns() > c.seeds) {
            throw new UserError(where + ": field 'c' counts " + c.coverage.maxRuns()
                    + " seeds reaching a state, in a checkpoint of " + c.seeds + " seeds");
        }
        return c;
    }
}
