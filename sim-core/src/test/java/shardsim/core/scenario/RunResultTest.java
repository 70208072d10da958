package shardsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Rule;
import shardsim.core.check.Violation;

/** A fixed mode is judged apart from the gaps its upstream fix leaves, and only apart from those. */
class RunResultTest {
    private static final Rule C5 = new Rule("C5", "no orphan table");

    private static RunResult withViolations(String... invariants) {
        List<Violation> vs = new java.util.ArrayList<>();
        for (String inv : invariants) {
            vs.add(new Violation(inv, "broke", 1, 1));
        }
        return new RunResult(
                new RunSpec("s", "fixed", "random", 0), vs.isEmpty(), 0, 0, 0, 0, 0, vs, Map.of(), Map.of(), List.of());
    }

    @Test
    void onlyTheDeclaredGapsAreSetAside() {
        assertTrue(withViolations().holdsApartFrom(List.of()));
        assertTrue(withViolations("C5").holdsApartFrom(List.of(C5)));
        assertFalse(withViolations("C5").holdsApartFrom(List.of()));
        assertFalse(withViolations("C2", "C5").holdsApartFrom(List.of(C5)));
        assertFalse(withViolations("C2").holdsApartFrom(List.of(C5)));
    }
}
