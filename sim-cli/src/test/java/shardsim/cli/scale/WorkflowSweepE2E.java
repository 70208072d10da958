package shardsim.cli.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * .github/workflows/sweep.yml: dispatched with the sweep's parameters, one matrix leg per shard
 * uploading its result file, and a gather job that downloads them, runs {@code sim summarize}
 * (failing on a broken claim) and writes the failing seeds and their reproduce commands into the
 * job summary. Every job's commands run here as a runner would run them ({@link Runner}), and the
 * gathered summary must be the unsharded sweep's, byte for byte.
 */
class WorkflowSweepE2E {
    static final Path WORKFLOW = Path.of("..", ".github", "workflows", "sweep.yml");

    @TempDir
    Path dir;

    @Test
    void theWorkflowIsDispatchedWithTheSweepsParametersAndGathersAfterEveryLeg() {
        JsonNode w = Yaml.read(WORKFLOW);
        JsonNode inputs = w.path("on").path("workflow_dispatch").path("inputs");
        assertEquals(
                List.of("scenario", "mode", "plan", "seeds", "shards", "threads"),
                new ArrayList<>(inputs.propertyNames()));
        JsonNode sweep = w.path("jobs").path("sweep");
        assertEquals(
                "${{ fromJSON(needs.build.outputs.indexes) }}",
                sweep.path("strategy").path("matrix").path("shard").stringValue());
        assertTrue(!sweep.path("strategy").path("fail-fast").booleanValue(), "every shard runs to its end");
        JsonNode gather = w.path("jobs").path("gather");
        assertEquals("sweep", gather.path("needs").stringValue());
        assertEquals(
                "${{ !cancelled() }}",
                gather.path("if").stringValue(),
                "gather also after a failed leg, to name its shard");
        assertEquals("read", w.path("permissions").path("contents").stringValue());
    }

    @Test
    void eachLegsCommandThenTheGatherJobGiveTheUnshardedSummary() throws Exception {
        Rig rig = new Rig(dir);
        String scenario = "drop-after-clone";
        String seeds = "0.." + (Integer.getInteger("shardsim.scale.workflowSeeds", 60) - 1);
        Runner runner = new Runner(
                rig,
                Yaml.read(WORKFLOW),
                Map.of("scenario", scenario, "mode", "buggy", "seeds", seeds, "threads", "1"));

        Runner.JobRun build = runner.run("build", Map.of(), "build");
        assertEquals("[0,1,2,3]", build.outputs().get("indexes"), "four legs for the default of four shards");
        List<String> legs = runner.matrix("sweep", "shard");
        for (String shard : legs) {
            Runner.JobRun leg = runner.run("sweep", Map.of("shard", shard), "sweep-" + shard);
            Rig.Proc p = leg.steps().get("Sweep one shard");
            assertEquals(0, p.code(), "a leg succeeds whatever its seeds found: " + p.err());
            assertTrue(Files.exists(leg.workspace().resolve("results/shard-" + shard + ".jsonl")));
        }
        Runner.JobRun gather = runner.run("gather", Map.of(), "gather");
        Rig.Proc g = gather.steps().get("Summarize the shards");

        Rig.Reference ref = rig.reference(scenario, "buggy", "random", seeds);
        assertEquals(
                ref.summary().out(),
                Files.readString(gather.workspace().resolve("summary.txt")),
                "the gathered summary is the unsharded one, byte for byte");
        assertEquals(ref.summary().out(), g.out());
        assertEquals(ref.summary().code(), g.code(), "the gather job fails when the summary does: " + g.err());
        assertEquals(1, g.code(), "buggy drop-after-clone breaks a claim within " + seeds + ": " + g.out());

        String page = Files.readString(gather.stepSummary());
        System.out.println("the gather job's summary page:\n" + page);
        assertTrue(page.contains(ref.summary().out()), "the summary is on the job's page: " + page);
        Matcher first = Pattern.compile("(?m)^first failing seeds: (.*)$")
                .matcher(ref.summary().out());
        assertTrue(first.find(), ref.summary().out());
        List<String> commands = new ArrayList<>();
        for (String seed : first.group(1).split(", ")) {
            String cmd = "./sim run " + scenario + " --mode buggy --plan random --seed " + seed;
            assertTrue(page.contains(cmd + "\n"), "the page says how to reproduce seed " + seed + ": " + page);
            commands.add(cmd);
        }
        // And the first of them does reproduce the failure.
        List<String> words = new ArrayList<>(List.of(commands.get(0).split(" ")));
        words.set(0, "sim");
        Rig.Proc again = rig.run(words, Map.of(), dir);
        assertEquals(1, again.code(), again.out());
        assertTrue(again.out().contains("reproduce: "), again.out());
    }
}
