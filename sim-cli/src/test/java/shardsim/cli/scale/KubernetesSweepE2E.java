package shardsim.cli.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import shardsim.cli.sweep.Shard;
import tools.jackson.databind.JsonNode;

/**
 * deploy/kubernetes: the Indexed Job of the shards and the gather Job, as kustomize renders them.
 * Each pod's command, exactly as written, runs here for every index with the environment the
 * cluster gives it (the ConfigMap's parameters, JOB_COMPLETION_INDEX); one pod is killed midway
 * and replaced as Kubernetes replaces it; then the gather Job's command runs, and its output must
 * be, byte for byte, what {@code sim summarize} prints for one unsharded sweep of the same seeds.
 * The shared volume is a folder here: its mount path in the commands is read as that folder.
 * Size: -Dshardsim.scale.seeds=N seeds of each scenario (default 80, for CI's time; the closing
 * figure of issue 35 uses 2000), mode -Dshardsim.scale.mode (default buggy, so seeds fail).
 */
class KubernetesSweepE2E {
    static final Path DEPLOY = Path.of("..", "deploy", "kubernetes");
    static final int SEEDS = Integer.getInteger("shardsim.scale.seeds", 80);
    static final String MODE = System.getProperty("shardsim.scale.mode", "buggy");

    @TempDir
    Path dir;

    @Test
    void theManifestsHoldAnIndexedJobOfTheShardsAndAGatherJob() throws Exception {
        Kustomization.Rendered r = Kustomization.render(DEPLOY);
        Map<String, String> p = r.config();
        assertEquals(
                List.of("SCENARIO", "MODE", "PLAN", "SEEDS", "SHARDS", "THREADS"),
                new ArrayList<>(p.keySet()),
                "the parameters, in one place");
        int shards = Integer.parseInt(p.get("SHARDS"));

        JsonNode sweep = r.job("shardsim-sweep").path("spec");
        assertEquals("Indexed", sweep.path("completionMode").stringValue());
        assertTrue(
                sweep.path("completions").isInt() && sweep.path("parallelism").isInt(),
                "numbers, not strings: " + sweep);
        assertEquals(shards, sweep.path("completions").intValue(), "completions = SHARDS");
        assertEquals(shards, sweep.path("parallelism").intValue(), "parallelism = SHARDS");
        assertTrue(
                sweep.path("backoffLimit").intValue() > 0
                        && sweep.path("backoffLimitPerIndex").intValue() > 0,
                sweep.toString());
        JsonNode rules = sweep.path("podFailurePolicy").path("rules");
        assertEquals("Ignore", rules.path(0).path("action").stringValue());
        assertEquals(
                "DisruptionTarget",
                rules.path(0).path("onPodConditions").path(0).path("type").stringValue(),
                "an evicted pod does not count");
        assertEquals("FailIndex", rules.path(1).path("action").stringValue());
        assertEquals("[2,3]", rules.path(1).path("onExitCodes").path("values").toString(), "bad input is not retried");
        JsonNode pod = sweep.path("template").path("spec");
        assertEquals(
                "Never", pod.path("restartPolicy").stringValue(), "a failed pod is replaced by a new one, on any node");
        JsonNode c = container(pod, "sweep");
        assertEquals(
                p.get("THREADS"),
                c.path("resources").path("requests").path("cpu").stringValue(),
                "a CPU per thread");
        assertTrue(
                c.path("resources").path("requests").has("memory")
                        && c.path("resources").path("limits").has("memory"),
                c.toString());
        assertEquals(
                r.configName(),
                c.path("envFrom").path(0).path("configMapRef").path("name").stringValue());
        assertEquals("[\"/bin/sh\",\"-c\"]", c.path("command").toString());
        String script = c.path("args").path(0).stringValue();
        assertTrue(
                script.contains("--shard \"$JOB_COMPLETION_INDEX/$SHARDS\"")
                        && script.contains("out=\"/results/shard-$JOB_COMPLETION_INDEX.jsonl\"")
                        && script.contains("--out \"$out\" $resume"),
                script);
        String claim = volumeClaim(pod, c, "/results");
        JsonNode pvc = r.object("PersistentVolumeClaim", claim).path("spec");
        assertEquals(
                "[\"ReadWriteMany\"]", pvc.path("accessModes").toString(), "pods on several nodes share the volume");

        JsonNode gather = r.job("shardsim-gather").path("spec");
        assertTrue(gather.path("suspend").booleanValue(), "the gather Job waits to be resumed after the sweep Job");
        assertTrue(gather.path("backoffLimit").isInt(), gather.toString());
        JsonNode gpod = gather.path("template").path("spec");
        JsonNode g = container(gpod, "gather");
        assertEquals("[\"sim\",\"summarize\",\"/results\"]", g.path("command").toString());
        assertEquals(claim, volumeClaim(gpod, g, "/results"), "the gather Job reads the shards' volume");
        assertEquals(c.path("image"), g.path("image"));
        JsonNode grules = gather.path("podFailurePolicy").path("rules");
        assertEquals("FailJob", grules.path(0).path("action").stringValue());
        assertEquals("[1,2]", grules.path(0).path("onExitCodes").path("values").toString(), "a verdict is not retried");

        if (!Kustomization.sameAsKubectl(DEPLOY, r)) {
            System.out.println("kubectl is not installed: the rendering was not compared with kubectl kustomize's");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"version-skew", "drop-after-clone", "split-stall"})
    void podsKilledAndReplacedGatherTheUnshardedSummary(String scenario) throws Exception {
        Rig rig = new Rig(dir);
        Kustomization.Rendered r = Kustomization.render(DEPLOY);
        // What a user sets in the kustomization's ConfigMap (sizes for CI; THREADS 1 on CI's two cores).
        Map<String, String> params = new LinkedHashMap<>(r.config());
        params.put("SCENARIO", scenario);
        params.put("MODE", MODE);
        params.put("SEEDS", "0.." + (SEEDS - 1));
        params.put("THREADS", "1");
        JsonNode spec = r.job("shardsim-sweep").path("spec");
        int n = spec.path("completions").intValue();
        Path volume = Files.createDirectories(dir.resolve("volume"));
        JsonNode pod = spec.path("template").path("spec");
        JsonNode sweep = container(pod, "sweep");
        int killed = n > 1 ? 1 : 0;
        for (int i = 0; i < n; i++) {
            Map<String, String> env = env(sweep, params, i);
            List<String> cmd = command(sweep, env, "/results", volume);
            if (i == killed) {
                long size = new Shard(i, n).size(SEEDS);
                Path file = volume.resolve("shard-" + i + ".jsonl");
                rig.runAndKill(cmd, env, dir, () -> Rig.seedLines(file), Math.max(1, size / 3));
                long left = Rig.seedLines(file);
                assertTrue(left > 0 && left < size, "killed midway: " + left + " of " + size + " seeds");
                // The Job controller makes a new pod for the index: the same command, the same file.
                Rig.Proc again = rig.run(cmd, env, dir);
                assertEquals(0, again.code(), again.err());
                assertTrue(
                        again.err().contains("sim sweep: resuming; " + left + " seeds already in"),
                        "the new pod continues the shard: " + again.err());
                assertEquals(size, Rig.seedLines(file));
            } else {
                Rig.Proc p = rig.run(cmd, env, dir);
                assertEquals(0, p.code(), "a shard's pod succeeds whatever its seeds found: " + p.err());
                assertTrue(!p.err().contains("resuming"), "the first pod of an index starts its file: " + p.err());
            }
        }
        JsonNode gpod = r.job("shardsim-gather").path("spec").path("template").path("spec");
        JsonNode gatherC = container(gpod, "gather");
        Rig.Proc gather =
                rig.run(command(gatherC, env(gatherC, params, -1), "/results", volume), env(gatherC, params, -1), dir);

        Rig.Reference ref = rig.reference(scenario, MODE, params.get("PLAN"), params.get("SEEDS"));
        assertEquals(ref.summary().out(), gather.out(), "the gathered summary is the unsharded sweep's, byte for byte");
        assertEquals(ref.summary().code(), gather.code(), gather.err());
        assertTrue(gather.code() == 0 || gather.code() == 1, gather.err());
        assertTrue(
                gather.out()
                        .startsWith("sweep " + scenario + " mode " + MODE + " plan " + params.get("PLAN") + " seeds "
                                + params.get("SEEDS") + "\n"),
                gather.out());
        System.out.println("gathered " + n + " shards of " + scenario + " seeds " + params.get("SEEDS") + " (shard "
                + killed + " killed and resumed), exit " + gather.code() + ", identical to the unsharded summary:\n"
                + gather.out());
    }

    static JsonNode container(JsonNode podSpec, String name) {
        for (JsonNode c : podSpec.path("containers")) {
            if (name.equals(Yaml.text(c.path("name")))) {
                return c;
            }
        }
        throw new AssertionError("no container " + name + " in " + podSpec);
    }

    /** The claim of the volume mounted at {@code mountPath}. */
    private static String volumeClaim(JsonNode podSpec, JsonNode container, String mountPath) {
        String volume = null;
        for (JsonNode m : container.path("volumeMounts")) {
            if (mountPath.equals(Yaml.text(m.path("mountPath")))) {
                volume = m.path("name").stringValue();
            }
        }
        assertTrue(volume != null, "nothing mounted at " + mountPath);
        for (JsonNode v : podSpec.path("volumes")) {
            if (volume.equals(Yaml.text(v.path("name")))) {
                return v.path("persistentVolumeClaim").path("claimName").stringValue();
            }
        }
        throw new AssertionError("no volume " + volume);
    }

    /** A container's environment: the ConfigMap's variables, its own env, and the index of an Indexed Job's pod (if {@code index >= 0}). */
    private static Map<String, String> env(JsonNode container, Map<String, String> config, int index) {
        Map<String, String> env = new LinkedHashMap<>();
        if (container.path("envFrom").size() > 0) {
            env.putAll(config);
        }
        for (JsonNode e : container.path("env")) {
            env.put(e.path("name").stringValue(), e.path("value").stringValue());
        }
        if (index >= 0) {
            env.put("JOB_COMPLETION_INDEX", Integer.toString(index));
        }
        return env;
    }

    /** command + args as the kubelet runs them ($(VAR) expanded), the volume's mount path read as {@code volume}. */
    private static List<String> command(JsonNode container, Map<String, String> env, String mountPath, Path volume) {
        List<String> out = new ArrayList<>();
        for (String f : new String[] {"command", "args"}) {
            for (JsonNode w : container.path(f)) {
                String s = Rig.expandK8s(w.stringValue(), env);
                out.add(s.equals(mountPath) ? volume.toString() : s.replace(mountPath + "/", volume + "/"));
            }
        }
        return out;
    }
}
