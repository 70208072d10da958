package shardsim.cli.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.cli.UserError;
import shardsim.cli.io.Json;
import shardsim.core.check.Violation;
import shardsim.core.scenario.RunResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One finished seed of a sweep, as written to and read from a result file (one JSON object per
 * line). Everything but {@code wallMicros} follows from the seed.
 */
public record SeedResult(String scenario, String mode, String plan, long seed, boolean ok, String digest, long events,
        long virtualMicros, List<Violation> violations, Map<String, long[]> metrics, long wallMicros) {

    public static SeedResult of(RunResult r, long wallMicros) {
        return new SeedResult(r.spec().scenario(), r.spec().mode(), r.spec().plan(), r.spec().seed(), r.ok(), r.digestHex(), r.events(),
                r.virtualMicros(), r.violations(), r.metrics(), wallMicros);
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("scenario", scenario);
        o.put("mode", mode);
        o.put("plan", plan);
        o.put("seed", seed);
        o.put("ok", ok);
        o.put("digest", digest);
        o.put("events", events);
        o.put("virtualMicros", virtualMicros);
        o.set("violations", Json.violations(violations));
        ObjectNode m = o.putObject("metrics");
        for (Map.Entry<String, long[]> e : metrics.entrySet()) {
            ArrayNode a = m.putArray(e.getKey());
            for (long v : e.getValue()) {
                a.add(v);
            }
        }
        o.put("wallMicros", wallMicros);
        return o;
    }

    public static SeedResult parse(String line, String where) {
        ObjectNode o = Json.object(line, where);
        List<Violation> violations = new ArrayList<>();
        JsonNode vs = o.get("violations");
        if (vs == null || !vs.isArray()) {
            throw new UserError(where + ": field 'violations' is missing or not an array");
        }
        for (JsonNode v : vs) {
            violations.add(new Violation(Json.text(v, "invariant", where), Json.text(v, "message", where), Json.number(v, "timeMicros", where),
                    Json.number(v, "eventNumber", where)));
        }
        TreeMap<String, long[]> metrics = new TreeMap<>();
        JsonNode ms = o.get("metrics");
        if (ms == null || !ms.isObject()) {
            throw new UserError(where + ": field 'metrics' is missing or not an object");
        }
        for (Map.Entry<String, JsonNode> e : ms.properties()) {
            JsonNode a = e.getValue();
            if (!a.isArray()) {
                throw new UserError(where + ": metric '" + e.getKey() + "' is not an array");
            }
            long[] samples = new long[a.size()];
            for (int i = 0; i < samples.length; i++) {
                if (!a.get(i).isIntegralNumber() || a.get(i).longValue() < 0) {
                    throw new UserError(where + ": metric '" + e.getKey() + "' holds a value that is not a whole number of microseconds");
                }
                samples[i] = a.get(i).longValue();
            }
            metrics.put(e.getKey(), samples);
        }
        return new SeedResult(Json.text(o, "scenario", where), Json.text(o, "mode", where), Json.text(o, "plan", where), Json.number(o, "seed", where),
                Json.bool(o, "ok", where), Json.text(o, "digest", where), Json.number(o, "events", where), Json.number(o, "virtualMicros", where),
                List.copyOf(violations), metrics, Json.number(o, "wallMicros", where));
    }
}
