package shardsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.io.PlanFile;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanJson;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;
import tools.jackson.databind.node.ObjectNode;

/** {@code --node-mode}, a plan file's "modes" and its upgrade and downgrade faults, over a real scenario. */
class NodeModeCliTest {
    private static final DropAfterCloneScenario DAC = new DropAfterCloneScenario();
    private static final long SECOND = 1_000_000;

    @TempDir
    Path dir;

    private static void bad(String expected, String... args) {
        Cli.real(args).assertBadInput(expected, String.join(" ", args));
    }

    private Path planFile(String name, CustomPlan plan, long seed) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, PlanJson.write(plan.withSource(f.toString()), DAC.name(), seed));
        return f;
    }

    private static CustomPlan seed2(FaultPlan extra) {
        CustomPlan p = DAC.planOf(new RunSpec(DAC.name(), "buggy", "random", 2));
        return p.withFaults(p.faults().merge(extra));
    }

    @Test
    void badNodeModesAreOneLineErrors() {
        bad("unknown mode 'newest'", "run", "drop-after-clone", "--plan", "random", "--node-mode", "fe=newest");
        bad(
                "'nobody' is neither a node nor a role",
                "run",
                "drop-after-clone",
                "--plan",
                "random",
                "--node-mode",
                "nobody=fixed");
        bad("NAME=MODE", "sweep", "drop-after-clone", "--seeds", "0..1", "--node-mode", "fe");
        bad("two modes", "run", "drop-after-clone", "--node-mode", "fe=fixed", "--node-mode", "fe=buggy");
        bad(
                "'nobody' is neither a node nor a role",
                "power",
                "drop-after-clone",
                "--starts",
                "1",
                "--node-mode",
                "nobody=fixed");
    }

    @Test
    void badUpgradesInAPlanFileAreOneLineErrors() throws IOException {
        Path down = planFile(
                "down.json",
                seed2(FaultPlan.builder()
                        .at(30 * SECOND, new NodeFault.Crash("fe"))
                        .at(31 * SECOND, new NodeFault.Upgrade("fe", "fixed"))
                        .at(40 * SECOND, new NodeFault.Restart("fe"))
                        .build()),
                2);
        bad("node fe is down then", "run", "drop-after-clone", "--plan", down.toString());
        Path noNode = planFile(
                "nonode.json",
                seed2(FaultPlan.builder()
                        .at(30 * SECOND, new NodeFault.Upgrade("be9", "fixed"))
                        .build()),
                2);
        bad("'be9' is not a node of this run's world", "run", "drop-after-clone", "--plan", noNode.toString());
        Path noMode = planFile(
                "nomode.json",
                seed2(FaultPlan.builder()
                        .at(30 * SECOND, new NodeFault.Downgrade("fe", "older"))
                        .build()),
                2);
        bad("unknown mode 'older'", "run", "drop-after-clone", "--plan", noMode.toString());
        Path badModes = planFile("badmodes.json", seed2(FaultPlan.empty()).withModes(Map.of("fe", "older")), 2);
        bad("unknown mode 'older'", "run", "drop-after-clone", "--plan", badModes.toString());
        Path noName = planFile("noname.json", seed2(FaultPlan.empty()).withModes(Map.of("nobody", "fixed")), 2);
        bad("'nobody' is neither a node nor a role", "run", "drop-after-clone", "--plan", noName.toString());
    }

    @Test
    void aPlanWithModesAndUpgradesReadsBackAsWritten() throws IOException {
        CustomPlan plan = seed2(FaultPlan.builder()
                        .at(30 * SECOND, new NodeFault.Upgrade("fe", "fixed"))
                        .at(50 * SECOND, new NodeFault.Downgrade("fe", "buggy"))
                        .build())
                .withModes(Map.of("node", "fixed", "fe", "buggy"));
        Path f = planFile("mixed.json", plan, 2);
        String text = Files.readString(f);
        assertTrue(text.contains("\"modes\":{\"fe\":\"buggy\",\"node\":\"fixed\"}"), text);
        assertTrue(text.contains("\"kind\":\"upgrade\",\"node\":\"fe\",\"toMode\":\"fixed\""), text);
        assertEquals(plan.withSource(f.toString()), PlanFile.read(f, DAC));
    }

    @Test
    void aRunOnMixedCodesPrintsTheCommandThatReproducesItAndItsTraceReplays() throws IOException {
        Cli.Result r = Cli.real(
                "run",
                "drop-after-clone",
                "--mode",
                "buggy",
                "--plan",
                "random",
                "--seed",
                "2",
                "--node-mode",
                "fe=fixed",
                "--json");
        ObjectNode o = Json.object(r.out(), "output");
        String reproduce = o.get("reproduce").asString();
        assertTrue(
                reproduce.endsWith("sim run drop-after-clone --mode buggy --plan random --seed 2 --node-mode fe=fixed"),
                reproduce);
        Path trace = dir.resolve("t.jsonl");
        Cli.Result traced = Cli.real(
                "run",
                "drop-after-clone",
                "--mode",
                "buggy",
                "--plan",
                "random",
                "--seed",
                "2",
                "--node-mode",
                "fe=fixed",
                "--trace",
                trace.toString());
        assertEquals(r.code(), traced.code());
        assertTrue(
                Files.readString(trace).lines().findFirst().orElseThrow().contains("\"nodeModes\":{\"fe\":\"fixed\"}"),
                "the header says who ran what");
        Cli.Result replay = Cli.real("replay", trace.toString());
        assertEquals(ExitCodes.OK, replay.code(), replay.out() + replay.err());
        assertTrue(replay.out().contains("--node-mode fe=fixed"), replay.out());
    }

    @Test
    void aPlanFileWithUpgradesReplaysAndShrinks() throws IOException {
        CustomPlan plan = seed2(FaultPlan.builder()
                .at(20 * SECOND, new NodeFault.Upgrade("fe", "fixed"))
                .build());
        Path f = planFile("up.json", plan, 2);
        Cli.Result once = Cli.real("run", "drop-after-clone", "--mode", "buggy", "--plan", f.toString(), "--json");
        Cli.Result twice = Cli.real("run", "drop-after-clone", "--mode", "buggy", "--plan", f.toString(), "--json");
        assertEquals(
                Json.object(once.out(), "1").get("digest"),
                Json.object(twice.out(), "2").get("digest"),
                "a plan with an upgrade replays");
        if (once.code() == ExitCodes.VIOLATION) {
            Path out = dir.resolve("up-shrunk.json");
            Cli.Result s = Cli.real(
                    "shrink",
                    "drop-after-clone",
                    "--mode",
                    "buggy",
                    "--plan",
                    f.toString(),
                    "--out",
                    out.toString(),
                    "--threads",
                    "2");
            assertEquals(ExitCodes.OK, s.code(), s.out() + s.err());
            assertEquals(
                    ExitCodes.VIOLATION,
                    Cli.real("run", "drop-after-clone", "--mode", "buggy", "--plan", out.toString())
                            .code());
        }
    }

    @Test
    void listShowsRolesAndTheNewKinds() {
        Cli.Result r = Cli.real("list");
        assertTrue(
                r.out()
                        .contains(
                                "roles (--node-mode NAME=MODE, sim upgrades; world of random seed 0): be (be10003, be10004, be10005, be10006, be10007); fe (fe)"),
                r.out());
        assertTrue(r.out().contains("downgrade") && r.out().contains("upgrade"), r.out());
        ObjectNode first = (ObjectNode)
                Json.MAPPER.readTree(Cli.real("list", "--json").out()).get(0);
        assertTrue(first.get("roles").has("node"), first.toString());
    }
}
