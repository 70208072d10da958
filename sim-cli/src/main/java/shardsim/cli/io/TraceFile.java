package shardsim.cli.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.cli.base.UserError;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.FieldTree;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A trace file: JSON Lines, a header object then one object per trace event. The header is
 * written last-but-placed-first (the file is assembled once the run is over), so it can carry the
 * event count and digest, which is how a truncated file is recognised.
 *
 * @param header what ran and what it produced
 * @param events every trace event, in order
 */
public record TraceFile(Header header, List<TraceEvent> events) {
    /** The value of the header's {@code schema} field. */
    public static final String SCHEMA = "shardsim-trace";
    /** Bumped whenever a field changes meaning; readers refuse other versions. */
    public static final int SCHEMA_VERSION = 3;

    private static final java.util.List<String> HEADER_FIELDS = java.util.List.of(
            "schema",
            "schemaVersion",
            "simVersion",
            "scenario",
            "mode",
            "plan",
            "seed",
            "nodeModes",
            "params",
            "digest",
            "events",
            "customPlan",
            "lastCheck",
            LineCheck.FIELD);
    private static final java.util.List<String> EVENT_FIELDS =
            java.util.List.of("i", "t", "e", "kind", "actor", "type", "fields", "detail", LineCheck.FIELD);

    /**
     * @param simVersion the simulator that wrote the file
     * @param spec the run
     * @param params the run's parameters
     * @param digest the trace digest, in hex
     * @param eventCount how many event lines follow
     * @param customPlan the plan file's contents for a run of a plan file, else null
     */
    public record Header(
            String simVersion,
            RunSpec spec,
            Map<String, String> params,
            String digest,
            long eventCount,
            ObjectNode customPlan) {
        public static Header of(RunResult r, String simVersion) {
            RunSpec spec = r.spec();
            ObjectNode plan = spec.isCustom() ? PlanFile.toJson(spec.custom(), spec.scenario()) : null;
            return new Header(simVersion, spec, r.params(), r.digestHex(), r.traceEvents(), plan);
        }

        /** The header line: its fields, {@code lastCheck} (the check of the last event line) and its own check. */
        public String line(String lastCheck) {
            ObjectNode o = toJson();
            o.put("lastCheck", lastCheck);
            String body = Json.line(o);
            return LineCheck.seal(body, LineCheck.next("", body));
        }

        public ObjectNode toJson() {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("schema", SCHEMA);
            o.put("schemaVersion", SCHEMA_VERSION);
            o.put("simVersion", simVersion);
            o.put("scenario", spec.scenario());
            o.put("mode", spec.mode());
            o.put("plan", spec.plan());
            o.put("seed", spec.seed());
            if (!spec.nodeModes().isEmpty()) {
                // Who ran what: a replay starts the same nodes on the same code (a plan file's copy below carries them
                // too).
                ObjectNode m = o.putObject("nodeModes");
                spec.nodeModes().forEach(m::put);
            }
            ObjectNode p = o.putObject("params");
            params.forEach(p::put);
            o.put("digest", digest);
            o.put("events", eventCount);
            if (customPlan != null) {
                // The plan's contents, so a replay needs no other file.
                o.set("customPlan", customPlan);
            }
            return o;
        }
    }

    public static ObjectNode eventJson(TraceEvent e) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("i", e.index());
        o.put("t", e.timeMicros());
        o.put("e", e.eventNumber());
        o.put("kind", e.kind().name());
        o.put("actor", e.actor());
        o.put("type", e.data().type());
        o.set("fields", TraceFields.toJson(FieldTree.of(e.data())));
        // The text is for people reading the file; replay compares the fields.
        o.put("detail", e.detail());
        return o;
    }

    /**
     * Reads and validates a whole trace file; any problem is a one-line {@link UserError}. A file
     * that does not match its own checks is corrupt, named by its first bad line: only a
     * self-consistent trace can show nondeterminism.
     */
    public static TraceFile read(Path path) {
        String name = path.toString();
        String what = "trace " + name;
        AtomicOutput.readable(path, what);
        try (LineReader in = new LineReader(Files.newInputStream(path), what, InputLimits.TRACE_LINE_BYTES)) {
            String first = in.next();
            if (first == null || first.isBlank()) {
                throw new UserError(what + " is empty");
            }
            ObjectNode h = Json.object(first, what + " line 1");
            Header header = header(h, name);
            checkLine(first, "", what + " line 1", "its header was edited");
            String lastCheck = Json.text(h, "lastCheck", what + " header");
            List<TraceEvent> events = new ArrayList<>();
            String previous = "";
            String line;
            while ((line = in.next()) != null) {
                long lineNo = in.lineNo();
                String where = what + " line " + lineNo;
                if (in.completeBytes() > InputLimits.TRACE_BYTES) {
                    throw new UserError(what + " is larger than " + InputLimits.mib(InputLimits.TRACE_BYTES)
                            + ", the limit for trace files");
                }
                if (events.size() >= header.eventCount()) {
                    throw new UserError(
                            where + ": the header announces " + header.eventCount() + " events, the file has more");
                }
                ObjectNode o;
                try {
                    o = Json.object(line, where);
                } catch (UserError e) {
                    throw new UserError(e.getMessage() + (in.partialTail() ? " (the file looks truncated)" : ""));
                }
                previous = checkLine(
                        line, previous, where, "the line was edited, or lines were moved or removed before it");
                TraceEvent ev = event(o, where);
                if (ev.index() != events.size()) {
                    throw new UserError(where + ": event index " + ev.index() + ", expected " + events.size());
                }
                events.add(ev);
            }
            if (events.size() != header.eventCount()) {
                throw new UserError(what + " is truncated: its header announces " + header.eventCount()
                        + " events, the file has " + events.size());
            }
            if (!previous.equals(events.isEmpty() ? "" : lastCheck)) {
                throw new UserError(what + " line " + (events.size() + 1)
                        + " is not the last line its header expects (lines were edited or moved)");
            }
            return new TraceFile(header, List.copyOf(events));
        } catch (NoSuchFileException e) {
            throw new UserError(what + " does not exist");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new UserError(what + " cannot be read: permission denied");
        } catch (IOException e) {
            throw new UserError("cannot read " + what + ": " + Text.oneLine(String.valueOf(e.getMessage())));
        }
    }

    /** Checks the line's own check against the chain so far; returns it. */
    private static String checkLine(String line, String previous, String where, String why) {
        String carried = LineCheck.carried(line);
        if (carried == null) {
            throw new UserError(where + " carries no check field \"" + LineCheck.FIELD
                    + "\" at its end: the file is corrupt or not written by sim");
        }
        if (!carried.equals(LineCheck.next(previous, LineCheck.body(line)))) {
            throw new UserError(where + " does not match its check: the file is corrupt (" + why + ")");
        }
        return carried;
    }

    private static Header header(ObjectNode o, String name) {
        String where = "trace " + name + " header";
        JsonNode schema = o.get("schema");
        if (schema == null || !schema.isString() || !SCHEMA.equals(schema.stringValue())) {
            throw new UserError(
                    "trace " + name + " is not a sim trace file (no \"schema\": \"" + SCHEMA + "\" header)");
        }
        long version = Json.number(o, "schemaVersion", where);
        Json.onlyFields(o, where, HEADER_FIELDS);
        if (version != SCHEMA_VERSION) {
            throw new UserError(
                    "trace " + name + " has schema version " + version + "; this sim reads version " + SCHEMA_VERSION);
        }
        // Built directly, not through RunRequest: this is a spec read back from a file, whose scenario
        // may not be loaded; whoever runs it again checks it against its world (RunRequest.check).
        RunSpec spec = new RunSpec(
                Json.text(o, "scenario", where),
                Json.text(o, "mode", where),
                Json.text(o, "plan", where),
                Json.number(o, "seed", where));
        JsonNode modes = o.get("nodeModes");
        if (modes != null) {
            if (!modes.isObject()) {
                throw new UserError(where + ": field 'nodeModes' is not an object");
            }
            Map<String, String> m = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : modes.properties()) {
                if (!e.getValue().isString() || e.getKey().isEmpty()) {
                    throw new UserError(where + ": nodeModes." + e.getKey() + " is not a mode's name");
                }
                m.put(e.getKey(), e.getValue().stringValue());
            }
            spec = spec.withNodeModes(m);
        }
        Map<String, String> params = new LinkedHashMap<>();
        JsonNode p = o.get("params");
        if (p == null || !p.isObject()) {
            throw new UserError(where + ": field 'params' is missing or not an object");
        }
        for (Map.Entry<String, JsonNode> e : p.properties()) {
            params.put(e.getKey(), e.getValue().asString());
        }
        long count = Json.number(o, "events", where);
        if (count < 0) {
            throw new UserError(where + ": negative event count");
        }
        JsonNode plan = o.get("customPlan");
        if (plan != null && !plan.isObject()) {
            throw new UserError(where + ": field 'customPlan' is not an object");
        }
        return new Header(
                Json.text(o, "simVersion", where), spec, params, Json.text(o, "digest", where), count, (ObjectNode)
                        plan);
    }

    private static TraceEvent event(ObjectNode o, String where) {
        Json.onlyFields(o, where, EVENT_FIELDS);
        String kind = Json.text(o, "kind", where);
        TraceKind k;
        try {
            k = TraceKind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw new UserError(where + ": unknown event kind '" + kind + "'");
        }
        TraceData data = new TraceData.Recorded(
                k,
                Json.text(o, "type", where),
                TraceFields.fromJson(o.get("fields"), where),
                Json.text(o, "detail", where));
        return new TraceEvent(
                Json.number(o, "i", where),
                Json.number(o, "t", where),
                Json.number(o, "e", where),
                Json.text(o, "actor", where),
                data);
    }
}
