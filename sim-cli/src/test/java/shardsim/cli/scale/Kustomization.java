package shardsim.cli.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * What {@code kubectl apply -k deploy/kubernetes} would send: the resources with the generated
 * ConfigMap, the image override and the replacements applied. Only the features the committed
 * kustomization.yaml uses are rendered (anything else fails the test, so it cannot be skipped
 * silently), and where kubectl is installed its own rendering must agree
 * ({@link #sameAsKubectl}).
 */
final class Kustomization {
    private static final Set<String> KEYS =
            Set.of("apiVersion", "kind", "resources", "configMapGenerator", "images", "replacements");

    /** The rendered objects, and the generated ConfigMap's data (the environment of the pods). */
    record Rendered(List<ObjectNode> objects, Map<String, String> config, String configName) {
        ObjectNode job(String name) {
            return object("Job", name);
        }

        ObjectNode object(String kind, String name) {
            for (ObjectNode o : objects) {
                if (kind.equals(Yaml.text(o.path("kind")))
                        && name.equals(Yaml.text(o.path("metadata").path("name")))) {
                    return o;
                }
            }
            throw new AssertionError("no " + kind + " " + name + " in the rendered kustomization");
        }
    }

    private Kustomization() {}

    static Rendered render(Path dir) {
        JsonNode k = Yaml.read(dir.resolve("kustomization.yaml"));
        for (String key : k.propertyNames()) {
            assertTrue(
                    KEYS.contains(key),
                    "kustomization.yaml uses '" + key + "', which this test does not render; extend Kustomization");
        }
        List<ObjectNode> objects = new ArrayList<>();
        for (JsonNode r : k.path("resources")) {
            objects.add((ObjectNode) Yaml.read(dir.resolve(r.stringValue())));
        }
        assertEquals(1, k.path("configMapGenerator").size(), "one ConfigMap holds the parameters");
        JsonNode gen = k.path("configMapGenerator").path(0);
        String configName = gen.path("name").stringValue();
        Map<String, String> config = new LinkedHashMap<>();
        for (JsonNode lit : gen.path("literals")) {
            String s = lit.stringValue();
            int eq = s.indexOf('=');
            assertTrue(eq > 0, "a literal is KEY=VALUE: " + s);
            config.put(s.substring(0, eq), s.substring(eq + 1));
        }
        ObjectNode cm = tools.jackson.databind.json.JsonMapper.builder().build().createObjectNode();
        cm.put("apiVersion", "v1");
        cm.put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", configName);
        ObjectNode data = cm.putObject("data");
        config.forEach(data::put);
        objects.add(0, cm);
        for (JsonNode img : k.path("images")) {
            for (ObjectNode o : objects) {
                for (JsonNode c : Yaml.at(o, "spec", "template", "spec", "containers")) {
                    if (Yaml.text(c.path("image")).equals(img.path("name").stringValue())) {
                        ((ObjectNode) c)
                                .put(
                                        "image",
                                        img.path("newName").stringValue() + ":"
                                                + img.path("newTag").stringValue());
                    }
                }
            }
        }
        for (JsonNode rep : k.path("replacements")) {
            JsonNode src = rep.path("source");
            assertEquals(
                    "ConfigMap", src.path("kind").stringValue(), "replacements copy from the parameters' ConfigMap");
            assertEquals(configName, src.path("name").stringValue());
            String field = src.path("fieldPath").stringValue();
            assertTrue(field.startsWith("data."), field);
            String value = config.get(field.substring("data.".length()));
            assertTrue(value != null, "no parameter " + field);
            for (JsonNode t : rep.path("targets")) {
                ObjectNode target = null;
                for (ObjectNode o : objects) {
                    if (o.path("kind")
                                    .stringValue()
                                    .equals(t.path("select").path("kind").stringValue())
                            && o.path("metadata")
                                    .path("name")
                                    .stringValue()
                                    .equals(t.path("select").path("name").stringValue())) {
                        target = o;
                    }
                }
                assertTrue(target != null, "replacement target " + t.path("select"));
                for (JsonNode fp : t.path("fieldPaths")) {
                    set(target, fp.stringValue(), value);
                }
            }
        }
        // kustomize renames the generated ConfigMap (a hash of its data) and every reference to it.
        return new Rendered(objects, config, configName);
    }

    /** Sets a field as kustomize's replacement does: a number where the target holds a number, else a string. */
    private static void set(ObjectNode root, String path, String value) {
        JsonNode cur = root;
        String[] parts = path.split("\\.");
        for (int i = 0; i < parts.length - 1; i++) {
            cur = step(cur, parts[i]);
        }
        String last = parts[parts.length - 1];
        JsonNode old = cur.path(last);
        assertTrue(!old.isMissingNode(), "replacement target " + path + " does not exist");
        ((ObjectNode) cur)
                .set(last, old.isNumber() ? IntNode.valueOf(Integer.parseInt(value)) : StringNode.valueOf(value));
    }

    private static JsonNode step(JsonNode cur, String part) {
        if (part.startsWith("[") && part.endsWith("]")) {
            String[] kv = part.substring(1, part.length() - 1).split("=", 2);
            for (JsonNode e : (ArrayNode) cur) {
                if (Yaml.text(e.path(kv[0])).equals(kv[1])) {
                    return e;
                }
            }
            return fail("no element " + part);
        }
        JsonNode next = cur.path(part);
        assertTrue(!next.isMissingNode(), "no field " + part);
        return next;
    }

    /**
     * Where kubectl is installed (it needs no cluster to render), its rendering of the folder must
     * equal this one, but for the hash kustomize appends to the ConfigMap's name. Returns whether
     * kubectl was there to ask.
     */
    static boolean sameAsKubectl(Path dir, Rendered ours) throws Exception {
        Rig.Proc p;
        try {
            p = Rig.exec(
                    List.of("kubectl", "kustomize", dir.toAbsolutePath().toString()),
                    Map.of(),
                    dir.toAbsolutePath(),
                    120);
        } catch (java.io.IOException notInstalled) {
            return false;
        }
        assertEquals(0, p.code(), p.err());
        List<JsonNode> theirs = Yaml.readAll(p.out());
        assertEquals(ours.objects().size(), theirs.size(), p.out());
        for (JsonNode t : theirs) {
            ObjectNode o = (ObjectNode) t;
            String kind = o.path("kind").stringValue();
            String name = o.path("metadata").path("name").stringValue();
            if (kind.equals("ConfigMap")) {
                assertTrue(name.startsWith(ours.configName() + "-"), name);
                name = ours.configName();
                ((ObjectNode) o.path("metadata")).put("name", name);
            }
            for (JsonNode c : Yaml.at(o, "spec", "template", "spec", "containers")) {
                for (JsonNode ef : c.path("envFrom")) {
                    ObjectNode ref = (ObjectNode) ef.path("configMapRef");
                    assertTrue(ref.path("name").stringValue().startsWith(ours.configName() + "-"), ref.toString());
                    ref.put("name", ours.configName());
                }
            }
            assertEquals(
                    ours.object(kind, name),
                    o,
                    "kubectl kustomize renders " + kind + " " + name + " as this test does");
        }
        return true;
    }
}
