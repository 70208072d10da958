package shardsim.cli.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.cli.UserError;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
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
    public static final int SCHEMA_VERSION = 1;

    /**
     * @param simVersion the simulator that wrote the file
     * @param spec the run
     * @param params the run's parameters
     * @param digest the trace digest, in hex
     * @param eventCount how many event lines follow
     * @param customPlan the plan file's contents for a run of a plan file, else null
     */
    public record Header(String simVersion, RunSpec spec, Map<String, String> params, String digest, long eventCount, ObjectNode customPlan) {
        public static Header of(RunResult r, String simVersion) {
            RunSpec spec = r.spec();
            ObjectNode plan = spec.isCustom() ? PlanFile.toJson(spec.custom(), spec.scenario()) : null;
            return new Header(simVersion, spec, r.params(), r.digestHex(), r.traceEvents(), plan);
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
        o.put("detail", e.detail());
        return o;
    }

    /** Reads and validates a whole trace file; any problem is a one-line {@link UserError}. */
    public static TraceFile read(Path path) {
        String name = path.toString();
        if (Files.isDirectory(path)) {
            throw new UserError("trace " + name + " is a folder, not a file");
        }
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            if (first == null || first.isBlank()) {
                throw new UserError("trace " + name + " is empty");
            }
            Header header = header(Json.object(first, "trace " + name + " line 1"), name);
            List<TraceEvent> events = new ArrayList<>();
            String line;
            long lineNo = 1;
            while ((line = in.readLine()) != null) {
                lineNo++;
                String where = "trace " + name + " line " + lineNo;
                ObjectNode o;
                try {
                    o = Json.object(line, where);
                } catch (UserError e) {
                    throw new UserError(e.getMessage() + (in.readLine() == null ? " (the file looks truncated)" : ""));
                }
                events.add(event(o, where));
            }
            if (events.size() != header.eventCount()) {
                throw new UserError("trace " + name + " is truncated: its header announces " + header.eventCount() + " events, the file has " + events.size());
            }
            return new TraceFile(header, List.copyOf(events));
        } catch (NoSuchFileException e) {
            throw new UserError("trace " + name + " does not exist");
        } catch (MalformedInputException e) {
            throw new UserError("trace " + name + " is not a text file");
        } catch (IOException e) {
            throw new UserError("cannot read trace " + name + ": " + e.getMessage());
        }
    }

    private static Header header(ObjectNode o, String name) {
        String where = "trace " + name + " header";
        JsonNode schema = o.get("schema");
        if (schema == null || !schema.isString() || !SCHEMA.equals(schema.stringValue())) {
            throw new UserError("trace " + name + " is not a sim trace file (no \"schema\": \"" + SCHEMA + "\" header)");
        }
        long version = Json.number(o, "schemaVersion", where);
        if (version != SCHEMA_VERSION) {
            throw new UserError("trace " + name + " has schema version " + version + "; this sim reads version " + SCHEMA_VERSION);
        }
        RunSpec spec = new RunSpec(Json.text(o, "scenario", where), Json.text(o, "mode", where), Json.text(o, "plan", where), Json.number(o, "seed", where));
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
        return new Header(Json.text(o, "simVersion", where), spec, params, Json.text(o, "digest", where), count, (ObjectNode) plan);
    }

    private static TraceEvent event(ObjectNode o, String where) {
        String kind = Json.text(o, "kind", where);
        TraceKind k;
        try {
            k = TraceKind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw new UserError(where + ": unknown event kind '" + kind + "'");
        }
        return new TraceEvent(Json.number(o, "i", where), Json.number(o, "t", where), Json.number(o, "e", where), k,
                Json.text(o, "actor", where), Json.text(o, "detail", where));
    }
}
