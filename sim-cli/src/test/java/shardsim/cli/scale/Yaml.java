package shardsim.cli.scale;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** Reads YAML files as Jackson trees (Jackson 3's YAML data format, at the project's Jackson version). */
final class Yaml {
    private static final ObjectMapper MAPPER = YAMLMapper.builder().build();

    private Yaml() {}

    static JsonNode read(Path file) {
        return MAPPER.readTree(file.toFile());
    }

    /** Every document of a multi-document stream (what kubectl kustomize prints). */
    static List<JsonNode> readAll(String text) {
        List<JsonNode> out = new ArrayList<>();
        try (var it = MAPPER.readerFor(JsonNode.class).readValues(text)) {
            while (it.hasNext()) {
                JsonNode n = (JsonNode) it.next();
                if (n != null && !n.isMissingNode() && !n.isNull()) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    /** A string node's value, or "" for anything else (a missing node too). */
    static String text(JsonNode n) {
        return n != null && n.isString() ? n.stringValue() : "";
    }

    /** The node at a path of field names and list indexes ("spec", "template", 0, ...), or a missing node. */
    static JsonNode at(JsonNode n, Object... path) {
        JsonNode cur = n;
        for (Object p : path) {
            cur = p instanceof Integer i ? cur.path(i) : cur.path((String) p);
        }
        return cur;
    }
}
