package shardsim.cli.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Runs the jobs of a GitHub Actions workflow here as a runner would, for what sweep.yml uses: its
 * {@code run} steps under bash with the step's env (expressions {@code inputs.*}, {@code matrix.*},
 * {@code steps.*.outputs.*}, {@code needs.*.outputs.*} evaluated), GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files, and the artifact actions as copies between job workspaces. Checkout,
 * setup-java and the Maven build step are not run: the jar under test is the one the build step
 * makes (the test checks the step's command).
 */
final class Runner {
    private static final Pattern EXPR = Pattern.compile("\\$\\{\\{\\s*(.*?)\\s*}}");

    /** One job's run: its step results by step name or id, its outputs, its workspace. */
    record JobRun(Map<String, Rig.Proc> steps, Map<String, String> outputs, Path workspace, Path stepSummary) {}

    private final Rig rig;
    private final JsonNode workflow;
    private final Map<String, String> inputs;
    private final Map<String, List<Path>> artifacts = new TreeMap<>();
    private final Map<String, Map<String, String>> needs = new LinkedHashMap<>();

    Runner(Rig rig, JsonNode workflow, Map<String, String> given) {
        this.rig = rig;
        this.workflow = workflow;
        this.inputs = new LinkedHashMap<>();
        JsonNode declared = workflow.path("on").path("workflow_dispatch").path("inputs");
        for (String name : declared.propertyNames()) {
            inputs.put(name, declared.path(name).path("default").asString());
        }
        for (String name : given.keySet()) {
            assertTrue(inputs.containsKey(name), "the workflow has no input " + name);
        }
        inputs.putAll(given);
    }

    JsonNode job(String name) {
        JsonNode j = workflow.path("jobs").path(name);
        assertTrue(j.isObject(), "no job " + name);
        return j;
    }

    /** Runs job {@code name} with {@code matrix}; records its outputs for the jobs that need it. */
    JobRun run(String name, Map<String, String> matrix, String label) throws Exception {
        JsonNode job = job(name);
        Path ws = Files.createDirectories(rig.dir().resolve("runner").resolve(label));
        Path summary = ws.resolve("..").resolve(label + ".step-summary.md").normalize();
        Files.writeString(summary, "");
        Map<String, Map<String, String>> stepOutputs = new LinkedHashMap<>();
        Map<String, Rig.Proc> results = new LinkedHashMap<>();
        boolean failed = false;
        int n = 0;
        for (JsonNode step : job.path("steps")) {
            String id = step.has("id")
                    ? step.path("id").stringValue()
                    : step.has("name") ? step.path("name").stringValue() : "step-" + n;
            n++;
            String cond = Yaml.text(step.path("if"));
            if (failed && !cond.contains("always()")) {
                continue;
            }
            Map<String, String> with = new LinkedHashMap<>();
            for (String k : step.path("with").propertyNames()) {
                with.put(k, eval(step.path("with").path(k).asString(), matrix, stepOutputs));
            }
            String uses = Yaml.text(step.path("uses"));
            if (uses.startsWith("actions/upload-artifact@")) {
                List<Path> files = new ArrayList<>();
                for (String p : with.get("path").split("\n")) {
                    if (!p.isBlank()) {
                        Path f = ws.resolve(p.trim());
                        if (Files.exists(f)) {
                            files.add(f);
                        }
                    }
                }
                if ("error".equals(with.get("if-no-files-found"))) {
                    assertTrue(!files.isEmpty(), "upload " + with + " after " + results);
                }
                assertTrue(artifacts.put(with.get("name"), files) == null, "two artifacts named " + with.get("name"));
            } else if (uses.startsWith("actions/download-artifact@")) {
                Path into = with.containsKey("path") ? Files.createDirectories(ws.resolve(with.get("path"))) : ws;
                List<String> names = new ArrayList<>();
                if (with.containsKey("name")) {
                    names.add(with.get("name"));
                } else {
                    PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + with.get("pattern"));
                    assertEquals("true", with.get("merge-multiple"), "shard files land in one folder");
                    artifacts.keySet().stream()
                            .filter(a -> m.matches(Path.of(a)))
                            .forEach(names::add);
                }
                for (String a : names) {
                    assertTrue(artifacts.containsKey(a), "no artifact " + a);
                    for (Path f : artifacts.get(a)) {
                        Files.copy(f, into.resolve(f.getFileName().toString()));
                    }
                }
            } else if (step.has("run")) {
                String script = step.path("run").stringValue();
                assertTrue(
                        !script.contains("${{"),
                        "a run script takes inputs through env, never as ${{ }} text: " + script);
                if (script.startsWith("mvn ")) {
                    // The build: this test runs the jar that package made (target/sim.jar).
                    assertTrue(script.contains("package -pl sim-cli"), script);
                    Files.createDirectories(ws.resolve("sim-cli/target"));
                    Files.copy(Rig.JAR, ws.resolve("sim-cli/target/sim.jar"));
                    continue;
                }
                Path output = ws.resolve("../" + label + "." + id + ".output").normalize();
                Files.writeString(output, "");
                Map<String, String> env = new LinkedHashMap<>();
                for (String k : step.path("env").propertyNames()) {
                    env.put(k, eval(step.path("env").path(k).asString(), matrix, stepOutputs));
                }
                env.put("GITHUB_OUTPUT", output.toString());
                env.put("GITHUB_STEP_SUMMARY", summary.toString());
                env.put("CI", "true");
                env.put(
                        "PATH",
                        Path.of(System.getProperty("java.home"), "bin") + ":"
                                + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
                // The runner's default shell on Linux.
                Rig.Proc p =
                        rig.run(List.of("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script), env, ws);
                results.put(id, p);
                Map<String, String> outs = new LinkedHashMap<>();
                for (String line : Files.readAllLines(output)) {
                    int eq = line.indexOf('=');
                    if (eq > 0) {
                        outs.put(line.substring(0, eq), line.substring(eq + 1));
                    }
                }
                stepOutputs.put(id, outs);
                failed |= p.code() != 0;
            } else {
                assertTrue(
                        uses.startsWith("actions/checkout@") || uses.startsWith("actions/setup-java@"),
                        "a step this runner does not know: " + step);
            }
        }
        Map<String, String> outputs = new LinkedHashMap<>();
        for (String k : job.path("outputs").propertyNames()) {
            outputs.put(k, eval(job.path("outputs").path(k).asString(), matrix, stepOutputs));
        }
        needs.put(name, outputs);
        return new JobRun(results, outputs, ws, summary);
    }

    /** The values of a matrix dimension, as the expression in the job's strategy gives them. */
    List<String> matrix(String job, String dimension) {
        String expr = job(job).path("strategy").path("matrix").path(dimension).asString();
        Matcher m = Pattern.compile("\\$\\{\\{\\s*fromJSON\\((.*)\\)\\s*}}").matcher(expr);
        assertTrue(m.matches(), expr);
        JsonNode list = tools.jackson.databind.json.JsonMapper.builder()
                .build()
                .readTree(value(m.group(1), Map.of(), Map.of()));
        List<String> out = new ArrayList<>();
        list.forEach(v -> out.add(v.asString()));
        return out;
    }

    private String eval(String text, Map<String, String> matrix, Map<String, Map<String, String>> steps) {
        Matcher m = EXPR.matcher(text);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, Matcher.quoteReplacement(value(m.group(1), matrix, steps)));
        }
        m.appendTail(b);
        return b.toString();
    }

    private String value(String expr, Map<String, String> matrix, Map<String, Map<String, String>> steps) {
        String[] p = expr.trim().split("\\.");
        String v = switch (p[0]) {
            case "inputs" -> inputs.get(p[1]);
            case "matrix" -> matrix.get(p[1]);
            case "steps" -> steps.getOrDefault(p[1], Map.of()).get(p[3]);
            case "needs" -> needs.getOrDefault(p[1], Map.of()).get(p[3]);
            default -> null;
        };
        assertTrue(v != null, "cannot evaluate ${{ " + expr + " }}");
        return v;
    }
}
