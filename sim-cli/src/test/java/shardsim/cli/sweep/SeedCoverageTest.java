package shardsim.cli.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.cli.base.UserError;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.scenarios.Scenarios;

/** A result line's coverage field: it reads back what was written, and refuses what is not one. */
class SeedCoverageTest {
    @Test
    void aRunsCoverageReadsBackAsWritten() {
        for (String name : Scenarios.names()) {
            RunResult r = Scenarios.byName(name).orElseThrow().run(new RunSpec(name, "fixed", "random", 3));
            SeedCoverage c = SeedCoverage.of(r.coverage());
            SeedCoverage back = SeedCoverage.decode(c.encoded(), "test");
            assertEquals(c.spaces().size(), back.spaces().size());
            for (int i = 0; i < c.spaces().size(); i++) {
                SeedCoverage.Space a = c.spaces().get(i);
                SeedCoverage.Space b = back.spaces().get(i);
                assertEquals(a.name(), b.name());
                assertEquals(a.size(), b.size());
                assertArrayEquals(a.states(), b.states());
                assertArrayEquals(a.transitions(), b.transitions());
                assertTrue(a.states().length > 0, name + " reaches some state");
            }
        }
        assertEquals("", SeedCoverage.NONE.encoded());
        assertEquals(0, SeedCoverage.decode("", "test").spaces().size());
    }

    @Test
    void theFormIsShortAndExact() {
        SeedCoverage c = SeedCoverage.decode("shard/160:9.a.1e/0-1.1-2;region/200:0/", "test");
        assertArrayEquals(new int[] {9, 10, 50}, c.spaces().get(0).states());
        assertArrayEquals(new long[] {9 * 160 + 10, 10 * 160 + 50}, c.spaces().get(0).transitions());
        assertEquals("shard/160:9.a.1e/0-1.1-2;region/200:0/", c.encoded());
    }

    @Test
    void refusesWhatIsNotCoverage() {
        String[][] cases = {
            {"shard", "is not NAME/SIZE:STATES/TRANSITIONS"},
            {"Shard/160:1/", "is not a state space name"},
            {"shard/0:/", "has no states"},
            {"shard/70000:1/", "out of range"},
            {"shard/160:1", "lacks the '/'"},
            {"shard/160:4g/", "out of range"},
            {"shard/160:2.1/", "not in ascending order"},
            {"shard/160:1.2/0-2", "out of range"},
            {"shard/160:1.2/01", "is not i-j"},
            {"shard/160:1.2/0-1.0-1", "not in ascending order"},
            {"shard/160:x!/", "is not a number"},
        };
        for (String[] c : cases) {
            UserError e = assertThrows(UserError.class, () -> SeedCoverage.decode(c[0], "f.jsonl line 3"), c[0]);
            assertTrue(e.getMessage().startsWith("f.jsonl line 3: field 'coverage': ") && e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
        }
    }
}
