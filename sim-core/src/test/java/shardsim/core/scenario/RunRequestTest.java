package shardsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fixture.RolloutFixture;

class RunRequestTest {
    private static final RolloutFixture FIXTURE = new RolloutFixture();

    @Test
    void aBuiltInRequestBuildsTheSpecsOfEachSeedWithItsNodeModes() {
        RunRequest r = RunRequest.builtIn(FIXTURE, "random").withNodeModes(Map.of("s1", "fixed"));
        RunSpec spec = r.spec("buggy", 3);
        assertEquals(new RunSpec(FIXTURE.name(), "buggy", "random", 3).withNodeModes(Map.of("s1", "fixed")), spec);
        assertNull(spec.custom());
        assertEquals(Map.of("s1", "fixed"), spec.nodeModes());
        assertSame(spec, RunRequest.check(FIXTURE, spec), "a spec of known names passes as it is");
        assertSame(r, r.withNodeModes(Map.of()));
    }

    @Test
    void aCustomPlanHoldsTheOneCopyOfItsNodeModesAndTheCommandLinesGoOverIt() {
        CustomPlan plan = FIXTURE.planOf(new RunSpec(FIXTURE.name(), "buggy", "random", 3))
                .withModes(Map.of("s1", "fixed", "s2", "fixed"));
        RunRequest r = RunRequest.custom(FIXTURE, plan).withNodeModes(Map.of("s2", "buggy"));
        assertEquals(Map.of("s1", "fixed", "s2", "buggy"), r.custom().modes());
        assertEquals(r.custom().modes(), r.nodeModes());
        RunSpec spec = r.resolve("buggy", 3);
        assertEquals(r.custom(), spec.custom());
        assertEquals(plan.source(), spec.plan());
    }

    @Test
    void aNameTheWorldLacksIsRefusedInOneLine() {
        RunRequest r = RunRequest.builtIn(FIXTURE, "random").withNodeModes(Map.of("nobody", "fixed"));
        RunRequest.Refused e = assertThrows(RunRequest.Refused.class, () -> r.resolve("buggy", 3));
        assertTrue(e.getMessage().contains("nobody"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        r.spec("buggy", 3);
    }
}
