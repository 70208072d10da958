package shardsim.cli.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import shardsim.core.check.Violation;
import shardsim.core.coverage.Coverage;
import shardsim.core.scenario.PlanValidation;
import shardsim.core.scenario.RunResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One finished seed of a sweep, and its line in a result file. A line keeps what a summary and
 * {@code --resume} need, with one-letter keys: {@code s} seed, {@code d} digest, {@code e} events,
 * {@code v} virtual micros, {@code w} wall micros, and {@code x}, only when a check broke, each
 * broken invariant with the event number it broke at. The messages are not kept: {@code sim run}
 * of the seed gives them again. The latency samples are not on the line either; a
 * {@link Checkpoint} line after a batch of seeds holds their histograms, and so does the
 * seed's state coverage: the checkpoint counts, per abstract state and transition, the seeds that
 * reached it.
 *
 * @param broken the broken invariants in the order found (empty when every check held)
 * @param metrics the latency samples by name, for a seed run in this process; empty when read from a file
 * @param coverage what the seed reached of its scenario's state spaces, for a seed run in this
 *     process; {@link Coverage#NONE} when read from a file
 */
public record SeedResult(long seed, String digest, long events, long virtualMicros, List<Broken> broken, Map<String, long[]> metrics,
        long wallMicros, Coverage coverage) {
    private static final List<String> FIELDS = List.of("s", "d", "e", "v", "w", "x");

    /** A broken invariant as a result file keeps it. */
    public record Broken(String invariant, long eventNumber) {
    }

    public static SeedResult of(RunResult r, long wallMicros) {
        List<Broken> broken = new ArrayList<>(r.violations().size());
        for (Violation v : r.violations()) {
            broken.add(new Broken(v.invariant(), v.eventNumber()));
        }
        return new SeedResult(r.spec().seed(), r.digestHex(), r.events(), r.virtualMicros(), List.copyOf(broken), new TreeMap<>(r.metrics()), wallMicros,
                r.coverage());
    }

    public boolean ok() {
        return broken.isEmpty();
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("s", seed);
        o.put("d", digest);
        o.put("e", events);
        o.put("v", virtualMicros);
        o.put("w", wallMicros);
        if (!broken.isEmpty()) {
            ArrayNode x = o.putArray("x");
            for (Broken b : broken) {
                x.addArray().add(b.invariant()).add(b.eventNumber());
            }
        }
        return o;
    }

    /** Whether a line of a result file (after its header) is a seed's, rather than a checkpoint's. */
    static boolean isSeedLine(ObjectNode o) {
        return o.has("s");
    }

    static SeedResult parse(ObjectNode o, String where) {
        Json.onlyFields(o, where, FIELDS);
        List<Broken> broken = new ArrayList<>();
        JsonNode x = o.get("x");
        if (x != null) {
            if (!x.isArray() || x.isEmpty()) {
                throw new UserError(where + ": field 'x' is not a list of [invariant, event number]");
            }
            for (JsonNode b : x) {
                if (!b.isArray() || b.size() != 2 || !b.get(0).isString() || !b.get(1).isIntegralNumber() || !b.get(1).canConvertToLong()
                        || b.get(1).longValue() < 0) {
                    throw new UserError(where + ": field 'x' is not a list of [invariant, event number]");
                }
                broken.add(new Broken(b.get(0).stringValue(), b.get(1).longValue()));
            }
        }
        String digest = Json.text(o, "d", where);
        if (!digest.matches("[0-9a-f]{16}")) {
            throw new UserError(where + ": field 'd' is not a digest of 16 hex digits");
        }
        return new SeedResult(Json.number(o, "s", where), digest, bounded(o, "e", where), bounded(o, "v", where), List.copyOf(broken), Map.of(),
                bounded(o, "w", where), Coverage.NONE);
    }

    private static long bounded(JsonNode o, String field, String where) {
        long v = Json.number(o, field, where);
        if (v < 0 || v > PlanValidation.MAX_ID) {
            throw new UserError(where + ": field '" + field + "' must be between 0 and " + PlanValidation.MAX_ID + ", got " + v);
        }
        return v;
    }
}
