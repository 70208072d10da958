package shardsim.cli.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import shardsim.core.check.Violation;
import shardsim.core.scenario.PlanValidation;
import shardsim.core.scenario.RunResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One finished seed of a sweep, as written to and read from a result file (one JSON object per
 * line). Everything but {@code wallMicros} follows from the seed. {@code coverage} is what the seed
 * reached of the scenario's abstract states ({@link SeedCoverage}), empty for a scenario that
 * declares none and in files written before it was recorded.
 */
public record SeedResult(String scenario, String mode, String plan, long seed, boolean ok, String digest, long events,
        long virtualMicros, List<Violation> violations, Map<String, Metric> metrics, long wallMicros, SweepOf sweep, SeedCoverage coverage) {
    private static final List<String> FIELDS = List.of("scenario", "mode", "plan", "planDigest", "seeds", "shard", "seed", "ok", "digest", "events",
            "virtualMicros", "violations", "metrics", "wallMicros", "coverage");
    private static final List<String> VIOLATION_FIELDS = List.of("invariant", "message", "timeMicros", "time", "eventNumber");

    /** A seed of no particular sweep (reports). */
    public static SeedResult of(RunResult r, long wallMicros) {
        return of(r, wallMicros, null);
    }

    public static SeedResult of(RunResult r, long wallMicros, SweepOf sweep) {
        return new SeedResult(r.spec().scenario(), r.spec().mode(), r.spec().plan(), r.spec().seed(), r.ok(), r.digestHex(), r.events(),
                r.virtualMicros(), r.violations(), encoded(r.metrics()), wallMicros, sweep, SeedCoverage.of(r.coverage()));
    }

    /** Each metric's samples, by name; compressed ({@link MetricCodec}) only if a line is written. */
    private static Map<String, Metric> encoded(Map<String, long[]> metrics) {
        TreeMap<String, Metric> out = new TreeMap<>();
        for (Map.Entry<String, long[]> e : metrics.entrySet()) {
            out.put(e.getKey(), Metric.ofSamples(e.getValue()));
        }
        return out;
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("scenario", scenario);
        o.put("mode", mode);
        o.put("plan", plan);
        if (sweep != null) {
            o.put("planDigest", sweep.planDigest());
            o.put("seeds", sweep.seeds());
            o.put("shard", sweep.shard());
        }
        o.put("seed", seed);
        o.put("ok", ok);
        o.put("digest", digest);
        o.put("events", events);
        o.put("virtualMicros", virtualMicros);
        o.set("violations", Json.violations(violations));
        ObjectNode m = o.putObject("metrics");
        metrics.forEach((k, v) -> m.put(k, v.encoded()));
        o.put("wallMicros", wallMicros);
        if (!coverage.spaces().isEmpty()) {
            o.put("coverage", coverage.encoded());
        }
        return o;
    }

    private static long bounded(JsonNode o, String field, String where) {
        long v = Json.number(o, field, where);
        if (v < 0 || v > PlanValidation.MAX_ID) {
            throw new UserError(where + ": " + field + " must be between 0 and " + PlanValidation.MAX_ID + ", got " + v);
        }
        return v;
    }

    private static long[] rawSamples(JsonNode a, String metric, String where) {
        long[] samples = new long[a.size()];
        for (int i = 0; i < samples.length; i++) {
            JsonNode v = a.get(i);
            if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0 || v.longValue() > PlanValidation.MAX_MICROS) {
                throw new UserError(where + ": metric '" + metric + "' holds a value that is not a whole number of microseconds");
            }
            samples[i] = v.longValue();
        }
        return samples;
    }

    public static SeedResult parse(String line, String where) {
        ObjectNode o = Json.object(line, where);
        Json.onlyFields(o, where, FIELDS);
        List<Violation> violations = new ArrayList<>();
        JsonNode vs = o.get("violations");
        if (vs == null || !vs.isArray()) {
            throw new UserError(where + ": field 'violations' is missing or not an array");
        }
        for (JsonNode v : vs) {
            if (!v.isObject()) {
                throw new UserError(where + ": a violation is not an object");
            }
            Json.onlyFields(v, where, VIOLATION_FIELDS);
            violations.add(new Violation(Json.text(v, "invariant", where), Json.text(v, "message", where), Json.number(v, "timeMicros", where),
                    Json.number(v, "eventNumber", where)));
        }
        TreeMap<String, Metric> metrics = new TreeMap<>();
        JsonNode ms = o.get("metrics");
        if (ms == null || !ms.isObject()) {
            throw new UserError(where + ": field 'metrics' is missing or not an object");
        }
        for (Map.Entry<String, JsonNode> e : ms.properties()) {
            JsonNode a = e.getValue();
            if (a.isArray()) {
                // A file written before issue 17 kept the raw samples: read on, so it can be resumed.
                metrics.put(e.getKey(), Metric.ofSamples(rawSamples(a, e.getKey(), where)));
                continue;
            }
            if (!a.isString()) {
                throw new UserError(where + ": metric '" + e.getKey() + "' is not a compressed histogram string");
            }
            // Decoded once here so that a bad value is refused when the file is read.
            MetricCodec.decode(a.stringValue(), where + ": metric '" + e.getKey() + "'");
            metrics.put(e.getKey(), Metric.ofEncoded(a.stringValue()));
        }
        return new SeedResult(Json.text(o, "scenario", where), Json.text(o, "mode", where), Json.text(o, "plan", where), Json.number(o, "seed", where),
                Json.bool(o, "ok", where), Json.text(o, "digest", where), bounded(o, "events", where), bounded(o, "virtualMicros", where),
                List.copyOf(violations), metrics, bounded(o, "wallMicros", where),
                new SweepOf(Json.text(o, "planDigest", where), Json.text(o, "seeds", where), Json.text(o, "shard", where)),
                // A file written before issue 20 has no coverage: read on, so it can be resumed and summarized.
                o.has("coverage") ? SeedCoverage.decode(Json.text(o, "coverage", where), where) : SeedCoverage.NONE);
    }
}
