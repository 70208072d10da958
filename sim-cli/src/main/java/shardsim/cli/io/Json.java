package shardsim.cli.io;

import java.util.List;
import java.util.Map;
import shardsim.cli.base.Launcher;
import shardsim.cli.base.Reproduce;
import shardsim.cli.base.UserError;
import shardsim.core.check.Violation;
import shardsim.core.scenario.RunResult;
import shardsim.core.trace.Micros;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The one JSON mapper, and strict readers that turn malformed input into a one-line {@link UserError}. */
public final class Json {
    /** Strict: a duplicate key or anything after the value is an error, never a silent choice. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(tools.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private Json() {}

    /** One line of JSON, never pretty-printed (so it can go in a JSON Lines file). */
    public static String line(JsonNode node) {
        return MAPPER.writeValueAsString(node);
    }

    /** Parses one JSON object; {@code where} names the input in the error ("trace.jsonl line 3"). */
    public static ObjectNode object(String text, String where) {
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JacksonException e) {
            throw new UserError(where + " is not valid JSON" + (text.isBlank() ? " (empty)" : reason(e)));
        }
        if (node == null || !node.isObject()) {
            throw new UserError(where + " is not a JSON object");
        }
        return (ObjectNode) node;
    }

    /**
     * The parser's message in the file's terms: no setting of the library to enable, no class
     * name, no "Source:" (the caller names the file and the line).
     */
    static String words(String m) {
        String out = m;
        int enable = out.indexOf("enable `");
        if (enable < 0) {
            enable = out.indexOf("(enable ");
        }
        if (enable >= 0) {
            out = out.substring(0, enable).replaceAll("[\\s:;,(]+$", "");
        }
        out = out.replaceAll("\\s*\\((start marker )?at \\[Source:[^\\]]*\\]\\)", "");
        out = out.replaceAll("\\s*at \\[Source:.*$", "");
        out = out.replaceAll("\\[?Source: [^;\\]]*;?\\]?", "");
        out = out.replaceAll("`[a-z][a-z0-9_]*(\\.[A-Za-z0-9_$]+)+`", "a JSON value");
        out = out.replace("Non-standard token", "not a JSON value:")
                .replace("Unexpected end-of-input", "the text ends early");
        return out.strip();
    }

    /** Jackson's reason in a few words, with where it stopped: "duplicate key 'faults' (line 3, column 12)". */
    private static String reason(JacksonException e) {
        String m = String.valueOf(e.getOriginalMessage());
        int cut = m.indexOf('\n');
        m = cut >= 0 ? m.substring(0, cut) : m;
        if (m.length() > 160) {
            m = m.substring(0, 160) + "...";
        }
        m = words(m.replace("Duplicate Object property", "duplicate key"));
        var loc = e.getLocation();
        String at = loc == null || loc.getLineNr() < 0
                ? ""
                : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
        return ": " + Text.oneLine(m) + at;
    }

    /** Refuses any field but {@code allowed}: a misspelt optional field must not pass as absent. */
    public static void onlyFields(JsonNode obj, String where, java.util.Collection<String> allowed) {
        for (String name : obj.propertyNames()) {
            if (!allowed.contains(name)) {
                throw new UserError(where + ": unknown field '" + Text.oneLine(name) + "' (fields: "
                        + String.join(", ", allowed) + ")");
            }
        }
    }

    public static String text(JsonNode obj, String field, String where) {
        JsonNode v = obj.get(field);
        if (v == null || !v.isString()) {
            throw new UserError(where + ": field '" + field + "' is missing or not a string");
        }
        return v.stringValue();
    }

    public static long number(JsonNode obj, String field, String where) {
        JsonNode v = obj.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new UserError(where + ": field '" + field + "' is missing or not an integer");
        }
        return v.longValue();
    }

    public static boolean bool(JsonNode obj, String field, String where) {
        JsonNode v = obj.get(field);
        if (v == null || !v.isBoolean()) {
            throw new UserError(where + ": field '" + field + "' is missing or not true/false");
        }
        return v.booleanValue();
    }

    public static ArrayNode violations(List<Violation> violations) {
        ArrayNode a = MAPPER.createArrayNode();
        for (Violation v : violations) {
            ObjectNode o = a.addObject();
            o.put("invariant", v.invariant());
            o.put("message", v.message());
            o.put("timeMicros", v.timeMicros());
            o.put("time", Micros.format(v.timeMicros()));
            o.put("eventNumber", v.eventNumber());
        }
        return a;
    }

    /**
     * The {@code sim run --json} object: {@code ok} when every claim held, {@code violations} the
     * broken claims and {@code gaps} the known gaps that showed ({@code verdict}).
     */
    public static ObjectNode run(RunResult r, shardsim.core.scenario.Verdict verdict) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("scenario", r.spec().scenario());
        o.put("mode", r.spec().mode());
        o.put("plan", r.spec().plan());
        o.put("seed", r.spec().seed());
        o.put("ok", verdict.claimsHold());
        o.put("digest", r.digestHex());
        o.put("events", r.events());
        o.put("traceEvents", r.traceEvents());
        o.put("virtualMicros", r.virtualMicros());
        o.put("virtualTime", Micros.format(r.virtualMicros()));
        ObjectNode params = o.putObject("params");
        for (Map.Entry<String, String> e : r.params().entrySet()) {
            params.put(e.getKey(), e.getValue());
        }
        verdict(o, verdict);
        o.put("reproduce", Launcher.prefix() + Reproduce.command(r.spec()));
        return o;
    }

    /** {@code violations} (broken claims, each with {@code expected} and its reason) and {@code gaps} (each with its reason), set on {@code o}. */
    public static void verdict(ObjectNode o, shardsim.core.scenario.Verdict v) {
        ArrayNode broken = violations(v.broken());
        for (int i = 0; i < v.broken().size(); i++) {
            ObjectNode b = (ObjectNode) broken.get(i);
            boolean expected = v.expected(v.broken().get(i));
            b.put("expected", expected);
            if (expected) {
                b.put("reason", v.claims().of(v.broken().get(i).invariant()).reason());
            }
        }
        o.set("violations", broken);
        ArrayNode gaps = violations(v.gaps());
        for (int i = 0; i < v.gaps().size(); i++) {
            ((ObjectNode) gaps.get(i))
                    .put("reason", v.claims().of(v.gaps().get(i).invariant()).reason());
        }
        o.set("gaps", gaps);
    }

    /** A mode's row as {@code sim list --json} gives it: claims, expected breaks and gaps, with reasons. */
    public static ObjectNode claims(shardsim.core.check.ModeClaims row) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("mode", row.mode());
        row.claims().forEach(o.putArray("claims")::add);
        ArrayNode expected = o.putArray("expectedBreaks");
        for (shardsim.core.check.Stance s : row.ofKind(shardsim.core.check.Stance.Kind.EXPECTED_BREAK)) {
            expected.addObject().put("invariant", s.invariant()).put("reason", s.reason());
        }
        ArrayNode gaps = o.putArray("gaps");
        for (shardsim.core.check.Stance s : row.ofKind(shardsim.core.check.Stance.Kind.GAP)) {
            gaps.addObject().put("invariant", s.invariant()).put("reason", s.reason());
        }
        return o;
    }
}
