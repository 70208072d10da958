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
import shardsim.core.scenario.Verdict;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One finished seed of a sweep, and its line in a result file. A line keeps what a summary and
 * {@code --resume} need, with one-letter keys: {@code s} seed, {@code d} digest, {@code e} events,
 * {@code v} virtual micros, {@code w} wall micros, {@code x}, only when a claim broke, each
 * broken claim with the event number it broke at, and {@code g}, only when a known gap showed, each
 * gap the same way ({@link Verdict}: claims and gaps are kept apart as the sweep judged them). The messages are not kept: {@code sim run}
 * of the seed gives them again. The latency samples are not on the line either; a
 * {@link Checkpoint} line after a batch of seeds holds their histograms, and so does the
 * seed's state coverage: the checkpoint counts, per abstract state and transition, the seeds that
 * reached it.
 *
 * @param broken the broken claims in the order found (empty when every claim held)
 * @param gaps the known gaps that showed, in the order found
 * @param metrics the latency samples by name, for a seed run in this process; empty when read from a file
 * @param coverage what the seed reached of its scenario's state spaces, for a seed run in this
 *     process; {@link Coverage#NONE} when read from a file
 */
public record SeedResult(
        long seed,
        String digest,
        long events,
        long virtualMicros,
        List<Broken> broken,
        List<Broken> gaps,
        Map<String, long[]> metrics,
        long wallMicros,
        Coverage coverage) {
    private static final List<String> FIELDS = List.of("s", "d", "e", "v", "w", "x", "g");

    /** A broken invariant as a result file keeps it. */
    public record Broken(String invariant, long eventNumber) {}

    /** {@code r} as {@code verdict} judged it. */
    public static SeedResult of(RunResult r, Verdict verdict, long wallMicros) {
        return new SeedResult(
                r.spec().seed(),
                r.digestHex(),
                r.events(),
                r.virtualMicros(),
                kept(verdict.broken()),
                kept(verdict.gaps()),
                new TreeMap<>(r.metrics()),
                wallMicros,
                r.coverage());
    }

    private static List<Broken> kept(List<Violation> violations) {
        List<Broken> out = new ArrayList<>(violations.size());
        for (Violation v : violations) {
            out.add(new Broken(v.invariant(), v.eventNumber()));
        }
        return List.copyOf(out);
    }

    /** Whether every claim held (known gaps aside). */
    public boolean ok() {
        return broken.isEmpty();
    }

    /** Whether the seed fails: a claim broke, or a gap showed and {@code failOnGaps}. */
    public boolean failed(boolean failOnGaps) {
        return !broken.isEmpty() || (failOnGaps && !gaps.isEmpty());
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("s", seed);
        o.put("d", digest);
        o.put("e", events);
        o.put("v", virtualMicros);
        o.put("w", wallMicros);
        put(o, "x", broken);
        put(o, "g", gaps);
        return o;
    }

    private static void put(ObjectNode o, String field, List<Broken> list) {
        if (!list.isEmpty()) {
            ArrayNode x = o.putArray(field);
            for (Broken b : list) {
                x.addArray().add(b.invariant()).add(b.eventNumber());
            }
        }
    }

    /** Whether a line of a result file (after its header) is a seed's, rather than a checkpoint's. */
    static boolean isSeedLine(ObjectNode o) {
        return o.has("s");
    }

    static SeedResult parse(ObjectNode o, String where) {
        Json.onlyFields(o, where, FIELDS);
        List<Broken> broken = brokenList(o, "x", where);
        List<Broken> gaps = brokenList(o, "g", where);
        String digest = Json.text(o, "d", where);
        if (!digest.matches("[0-9a-f]{16}")) {
            throw new UserError(where + ": field 'd' is not a digest of 16 hex digits");
        }
        return new SeedResult(
                Json.number(o, "s", where),
                digest,
                bounded(o, "e", where),
                bounded(o, "v", where),
                broken,
                gaps,
                Map.of(),
                bounded(o, "w", where),
                Coverage.NONE);
    }

    private static List<Broken> brokenList(ObjectNode o, String field, String where) {
        List<Broken> out = new ArrayList<>();
        JsonNode x = o.get(field);
        if (x != null) {
            if (!x.isArray() || x.isEmpty()) {
                throw new UserError(where + ": field '" + field + "' is not a list of [invariant, event number]");
            }
            for (JsonNode b : x) {
                if (!b.isArray()
                        || b.size() != 2
                        || !b.get(0).isString()
                        || !b.get(1).isIntegralNumber()
                        || !b.get(1).canConvertToLong()
                        || b.get(1).longValue() < 0) {
                    throw new UserError(where + ": field '" + field + "' is not a list of [invariant, event number]");
                }
                out.add(new Broken(b.get(0).stringValue(), b.get(1).longValue()));
            }
        }
        return List.copyOf(out);
    }

    private static long bounded(JsonNode o, String field, String where) {
        long v = Json.number(o, field, where);
        if (v < 0 || v > PlanValidation.MAX_ID) {
            throw new UserError(
                    where + ": field '" + field + "' must be between 0 and " + PlanValidation.MAX_ID + ", got " + v);
        }
        return v;
    }
}
