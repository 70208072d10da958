package shardsim.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanJson;
import shardsim.core.scenario.RunSpec;
import shardsim.testkit.fixture.TallyScenario;

/** A failing plan becomes a plan file and a {@code sim run} line that replays it. */
class ReplayTest {
    private static final TallyScenario TALLY = new TallyScenario();
    private static final long S = TallyScenario.SECOND;

    @Test
    void aFailingPlanIsWrittenAndNamedInTheReplayLine() throws IOException {
        CustomPlan documented = TALLY.planOf(new RunSpec(TALLY.name(), "buggy", "documented", 0));
        AssertionError e = assertThrows(AssertionError.class, () -> Replay.assertHolds(TALLY, "buggy", 7, documented));
        String message = e.getMessage();
        assertTrue(message.startsWith("plan of 0 faults and 3 operations broke:\n  T1"), message);
        String prefix = "\nreplay: ./sim run tally --mode buggy --plan ";
        int at = message.indexOf(prefix);
        assertTrue(at > 0, message);
        String[] rest = message.substring(at + prefix.length()).split(" ");
        Path file = Path.of(rest[0]);
        assertEquals(Replay.FOLDER, file.getParent());
        assertTrue(file.getFileName().toString().startsWith("tally-buggy-seed-7-"), file.toString());
        assertEquals(" --seed 7", message.substring(message.lastIndexOf(" --seed")));
        assertEquals(
                PlanJson.write(documented.withSource(file.toString()), TALLY.name(), 7L) + "\n",
                Files.readString(file));
        // The same plan gives the same file; the fixed mode holds under it.
        assertEquals(file, Replay.write(TALLY, "buggy", documented, 7));
        Replay.assertHolds(TALLY, "fixed", 7, documented);
    }
}
