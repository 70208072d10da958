package shardsim.cli.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.cli.base.UserError;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** An event's fields (a {@link shardsim.core.trace.FieldTree}) as JSON in a trace file, and back. */
final class TraceFields {
    private TraceFields() {}

    static ObjectNode toJson(Map<String, Object> tree) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        for (Map.Entry<String, Object> e : tree.entrySet()) {
            o.set(e.getKey(), node(e.getValue()));
        }
        return o;
    }

    @SuppressWarnings("unchecked")
    private static JsonNode node(Object v) {
        if (v == null) {
            return Json.MAPPER.nullNode();
        }
        if (v instanceof String s) {
            return Json.MAPPER.getNodeFactory().stringNode(s);
        }
        if (v instanceof Long l) {
            return Json.MAPPER.getNodeFactory().numberNode(l);
        }
        if (v instanceof Double d) {
            return Json.MAPPER.getNodeFactory().numberNode(d);
        }
        if (v instanceof Boolean b) {
            return Json.MAPPER.getNodeFactory().booleanNode(b);
        }
        if (v instanceof Map<?, ?> m) {
            return toJson((Map<String, Object>) m);
        }
        ArrayNode a = Json.MAPPER.createArrayNode();
        for (Object o : (List<?>) v) {
            a.add(node(o));
        }
        return a;
    }

    static Map<String, Object> fromJson(JsonNode o, String where) {
        if (o == null || !o.isObject()) {
            throw new UserError(where + ": field 'fields' is missing or not an object");
        }
        LinkedHashMap<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : o.properties()) {
            out.put(e.getKey(), value(e.getValue(), where));
        }
        return out;
    }

    private static Object value(JsonNode n, String where) {
        if (n.isNull()) {
            return null;
        }
        if (n.isString()) {
            return n.stringValue();
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        if (n.isIntegralNumber()) {
            if (!n.canConvertToLong()) {
                throw new UserError(where + ": a field's number " + n + " is out of range");
            }
            return n.longValue();
        }
        if (n.isNumber()) {
            return n.doubleValue();
        }
        if (n.isObject()) {
            return fromJson(n, where);
        }
        List<Object> l = new ArrayList<>();
        for (JsonNode c : n) {
            l.add(value(c, where));
        }
        return l;
    }
}
