package shardsim.cli.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.RunSpec;

class ReproduceTest {
    @Test
    void theCommandRepeatsTheSpecWithItsNodeModesQuotedForAShell() {
        RunSpec spec = new RunSpec("version-skew", "buggy", "random", 3)
                .withNodeModes(Map.of("node-1", "fixed", "meta", "fixed"));
        assertEquals(
                "sim run version-skew --mode buggy --plan random --seed 3 --node-mode meta=fixed --node-mode node-1=fixed",
                Reproduce.command(spec));
        assertEquals(List.of("--node-mode", "meta=fixed", "--node-mode", "node-1=fixed"), Reproduce.nodeModeArgs(spec));
        assertEquals(
                "sim run x --mode buggy --plan 'my plan.json' --seed 0",
                Reproduce.command(new RunSpec("x", "buggy", "my plan.json", 0)));
    }
}
