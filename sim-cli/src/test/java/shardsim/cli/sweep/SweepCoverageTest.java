package shardsim.cli.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.cli.base.UserError;
import shardsim.core.coverage.CoverageTally;
import shardsim.core.coverage.StateSpace;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.Scenarios;

/**
 * A checkpoint's coverage field: run counts per abstract state and transition that add exactly,
 * read back as written, and refuse what is not one.
 */
class SweepCoverageTest {
    @Test
    void countsOfBatchesAddUpToTheCountsOfAllRunsAndReadBackAsWritten() {
        for (String name : Scenarios.names()) {
            CoverageTally tally = new CoverageTally();
            SweepCoverage whole = new SweepCoverage();
            SweepCoverage[] batches = {new SweepCoverage(), new SweepCoverage()};
            for (long seed = 0; seed < 6; seed++) {
                RunResult r = Scenarios.byName(name).orElseThrow().run(new RunSpec(name, "fixed", "random", seed));
                tally.add(r.coverage());
                whole.add(r.coverage());
                batches[seed < 2 ? 0 : 1].add(r.coverage());
            }
            SweepCoverage added = new SweepCoverage();
            for (SweepCoverage b : batches) {
                added.addAll(SweepCoverage.decode(b.encoded(), "test"), "test");
            }
            assertEquals(whole.encoded(), added.encoded(), name);
            assertEquals(
                    whole.encoded(),
                    SweepCoverage.decode(whole.encoded(), "test").encoded(),
                    name);
            for (StateSpace s : tally.spaces()) {
                assertEquals(tally.stateRuns(s.name()), added.stateRuns(s.name()), name + " " + s.name());
                assertEquals(tally.transitionRuns(s.name()), added.transitionRuns(s.name()), name + " " + s.name());
                assertTrue(!added.stateRuns(s.name()).isEmpty(), name + " reaches some state");
            }
            assertEquals(tally.spaces().isEmpty(), whole.isEmpty(), name);
        }
        assertEquals("", new SweepCoverage().encoded());
        assertTrue(SweepCoverage.decode("", "test").isEmpty());
    }

    @Test
    void theFormIsShortAndExact() {
        String text = "shard/160:9*3.a*2.1e*1/0-1*2.1-2*1;region/200:0*z/";
        SweepCoverage c = SweepCoverage.decode(text, "test");
        assertEquals(Map.of(9, 3L, 10, 2L, 50, 1L), c.stateRuns("shard"));
        assertEquals(Map.of(9L * 160 + 10, 2L, 10L * 160 + 50, 1L), c.transitionRuns("shard"));
        assertEquals(Map.of(0, 35L), c.stateRuns("region"));
        assertEquals(35, c.maxRuns());
        assertEquals(text, c.encoded());
    }

    @Test
    void refusesWhatIsNotCoverage() {
        String[][] cases = {
            {"shard", "is not NAME/SIZE:STATES/TRANSITIONS"},
            {"Shard/160:1*1/", "is not a state space name"},
            {"shard/0:/", "has no states"},
            {"shard/70000:1*1/", "out of range"},
            {"shard/160:1*1", "lacks the '/'"},
            {"shard/160:4g*1/", "out of range"},
            {"shard/160:1/", "lacks its run count"},
            {"shard/160:1*0/", "a run count of 0"},
            {"shard/160:2*1.1*1/", "not in ascending order"},
            {"shard/160:1*1.2*1/0-2*1", "out of range"},
            {"shard/160:1*1.2*1/01*1", "is not I-J*RUNS"},
            {"shard/160:1*1.2*1/0-1*1.0-1*1", "not in ascending order"},
            {"shard/160:x!*1/", "is not a number"},
            {"shard/160:1*1/;shard/160:1*1/", "listed twice"},
        };
        for (String[] c : cases) {
            UserError e = assertThrows(UserError.class, () -> SweepCoverage.decode(c[0], "f.jsonl line 3"), c[0]);
            assertTrue(
                    e.getMessage().startsWith("f.jsonl line 3: field 'c': ")
                            && e.getMessage().contains(c[1]),
                    c[0] + ": " + e.getMessage());
        }
        SweepCoverage a = SweepCoverage.decode("shard/160:1*1/", "a");
        UserError e = assertThrows(
                UserError.class, () -> a.addAll(SweepCoverage.decode("shard/150:1*1/", "b"), "b.jsonl line 9"));
        assertTrue(
                e.getMessage().startsWith("b.jsonl line 9: state space shard has 150 states here and 160"),
                e.getMessage());
    }
}
