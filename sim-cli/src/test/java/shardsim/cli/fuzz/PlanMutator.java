package shardsim.cli.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import shardsim.cli.io.Json;
import shardsim.core.scenario.PlanValidation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One mutation of a valid plan file: what it did, and whether it certainly makes the plan
 * invalid (then the command must exit 2) or may leave it valid (then any of 0, 1, 2 will do).
 */
final class PlanMutator {
    record Mutant(String text, String how, boolean invalid) {}

    private static final List<String> NAME_FIELDS =
            List.of("a", "b", "from", "to", "node", "backend", "destBackend", "store", "pool", "request", "kind");
    private static final List<String> ID_FIELDS = List.of("tabletId", "shardId", "regionId");
    private static final String[] HUGE = {
        "9223372036854775807",
        "-9223372036854775808",
        "9007199254740993",
        "-1",
        "1e308",
        "-1e308",
        "1e400",
        "0",
        "0.5",
        String.valueOf(PlanValidation.MAX_MICROS + 1),
        "99999999999999999999999"
    };

    private PlanMutator() {}

    static Mutant mutate(String text, SplittableRandom r) {
        ObjectNode root = Json.object(text, "base");
        List<ObjectNode> objects = objects(root);
        ObjectNode target = objects.get(r.nextInt(objects.size()));
        List<String> fields = new ArrayList<>();
        target.propertyNames().forEach(fields::add);
        String field = fields.get(r.nextInt(fields.size()));
        switch (r.nextInt(14)) {
            case 0 -> {
                target.remove(field);
                return tree(root, "drop field " + field, false);
            }
            case 1 -> {
                JsonNode v = target.get(field);
                target.set(field, retyped(v, r));
                return tree(
                        root,
                        "retype " + field + " from " + v.getNodeType() + " to "
                                + target.get(field).getNodeType(),
                        true);
            }
            case 2 -> {
                if (!target.get(field).isNumber()) {
                    return duplicateKey(root);
                }
                String n = HUGE[r.nextInt(HUGE.length)];
                String marker = "\"__fuzz__\"";
                target.put(field, "__fuzz__");
                boolean out = field.endsWith("Micros") && !n.equals("0") && !n.equals("0.5")
                        || field.equals("seed") && n.contains("e")
                        || field.equals("schemaVersion")
                        || n.startsWith("9223372036854775807")
                                && !field.endsWith("Probability")
                                && !field.equals("probability");
                return new Mutant(
                        Json.line(root).replace(marker, n),
                        "number " + field + " = " + n,
                        out && !field.endsWith("Probability"));
            }
            case 3 -> {
                String name = NAME_FIELDS.get(r.nextInt(NAME_FIELDS.size()));
                ObjectNode entry = entryWith(objects, name, r);
                if (entry == null) {
                    return truncated(Json.line(root), r);
                }
                entry.put(name, r.nextBoolean() ? "be1006" : "zz-" + r.nextInt(1000));
                return tree(root, "unknown name in " + name, true);
            }
            case 4 -> {
                String id = ID_FIELDS.get(r.nextInt(ID_FIELDS.size()));
                ObjectNode entry = entryWith(objects, id, r);
                if (entry == null) {
                    return truncated(Json.line(root), r);
                }
                entry.put(id, 987_654_321);
                return tree(root, "unknown id in " + id, true);
            }
            case 5 -> {
                target.put("zzUnknown", 1);
                return tree(root, "unknown key", true);
            }
            case 6 -> {
                return duplicateKey(root);
            }
            case 7 -> {
                return truncated(Json.line(root), r);
            }
            case 8 -> {
                String s = Json.line(root);
                int at = r.nextInt(s.length());
                return new Mutant(s.substring(0, at) + s.substring(at + 1), "delete char " + at, false);
            }
            case 9 -> {
                String s = Json.line(root);
                int at = r.nextInt(s.length() + 1);
                String ins = String.valueOf("{}[],:\"0a-\u0000\n\u001b\u009b\\ ".charAt(r.nextInt(16)));
                return new Mutant(s.substring(0, at) + ins + s.substring(at), "insert char at " + at, false);
            }
            case 10 -> {
                String s = Json.line(root);
                return new Mutant(
                        s.replaceFirst("(\"atMicros\":)\\d+", "$1" + (r.nextBoolean() ? "NaN" : "Infinity")),
                        "NaN number",
                        s.contains("\"atMicros\""));
            }
            case 11 -> {
                return new Mutant("\uFEFF" + Json.line(root), "byte order mark", false);
            }
            case 12 -> {
                ObjectNode entry = entryWith(objects, "kind", r);
                if (entry == null) {
                    return duplicateKey(root);
                }
                entry.put("kind", entry.get("kind").stringValue() + "\u001b[31m\n" + "\u0007");
                return tree(root, "control characters in a kind", true);
            }
            default -> {
                int depth = r.nextInt(2, 3_000);
                target.put(field, "__nest__");
                return new Mutant(
                        Json.line(root).replace("\"__nest__\"", "[".repeat(depth) + "]".repeat(depth)),
                        "nesting " + depth + " deep in " + field,
                        true);
            }
        }
    }

    private static Mutant tree(ObjectNode root, String how, boolean invalid) {
        return new Mutant(root.toPrettyString(), how, invalid);
    }

    private static Mutant truncated(String s, SplittableRandom r) {
        int cut = r.nextInt(s.lastIndexOf('}'));
        return new Mutant(s.substring(0, cut), "truncate at " + cut, true);
    }

    private static Mutant duplicateKey(ObjectNode root) {
        String s = Json.line(root);
        return new Mutant(
                s.replaceFirst(
                        "\\{\"schema\":\"shardsim-plan\",",
                        "{\"schema\":\"shardsim-plan\",\"schema\":\"shardsim-plan\","),
                "duplicate key",
                true);
    }

    private static JsonNode retyped(JsonNode v, SplittableRandom r) {
        List<JsonNode> options = new ArrayList<>();
        if (!v.isNumber()) {
            options.add(Json.MAPPER.getNodeFactory().numberNode(7));
        }
        if (!v.isString()) {
            options.add(Json.MAPPER.getNodeFactory().stringNode("7"));
        }
        if (!v.isBoolean()) {
            options.add(Json.MAPPER.getNodeFactory().booleanNode(true));
        }
        if (!v.isNull()) {
            options.add(Json.MAPPER.getNodeFactory().nullNode());
        }
        if (!v.isArray()) {
            options.add(Json.MAPPER.createArrayNode());
        }
        if (!v.isObject()) {
            options.add(Json.MAPPER.createObjectNode());
        }
        return options.get(r.nextInt(options.size()));
    }

    /** Every object of the plan: the root, the link, each fault and each operation. */
    private static List<ObjectNode> objects(ObjectNode root) {
        List<ObjectNode> out = new ArrayList<>();
        out.add(root);
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            JsonNode v = e.getValue();
            if (v.isObject()) {
                out.add((ObjectNode) v);
            } else if (v.isArray()) {
                for (JsonNode item : v) {
                    if (item.isObject()) {
                        out.add((ObjectNode) item);
                    }
                }
            }
        }
        return out;
    }

    private static ObjectNode entryWith(List<ObjectNode> objects, String field, SplittableRandom r) {
        List<ObjectNode> with = new ArrayList<>();
        for (ObjectNode o : objects.subList(1, objects.size())) {
            if (o.has(field) && o.has("atMicros")) {
                with.add(o);
            }
        }
        return with.isEmpty() ? null : with.get(r.nextInt(with.size()));
    }
}
