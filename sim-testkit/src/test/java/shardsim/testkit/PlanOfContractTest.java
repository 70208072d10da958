package shardsim.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Workload;
import shardsim.testkit.fixture.TallyScenario;

/** The planOf contract over the fixture: it holds for a scenario on the skeleton, and it catches a planOf that leaves something out. */
class PlanOfContractTest {
    private final TallyScenario tally = new TallyScenario();

    @Test
    void holdsForEveryModePlanAndSeedOfTheFixture() {
        List<String> differences = new ArrayList<>();
        int failing = 0;
        for (String mode : tally.modes()) {
            for (String plan : tally.plans()) {
                for (long seed = 0; seed < 20; seed++) {
                    RunSpec spec = new RunSpec(tally.name(), mode, plan, seed);
                    PlanOfContract.difference(tally, spec).ifPresent(differences::add);
                    failing += tally.run(spec).ok() ? 0 : 1;
                }
            }
        }
        assertEquals(List.of(), differences);
        // Runs that fail and runs that pass were both compared.
        assertTrue(failing > 0 && failing < 120, "failing runs: " + failing);
    }

    /** A planOf that forgets the workload: the replay parts from the run at the first add. */
    @Test
    void catchesAPlanThatIsNotTheRun() {
        Scenario lying = new Forgetful(tally);
        RunSpec spec = new RunSpec(tally.name(), "buggy", "documented", 0);
        Optional<String> d = PlanOfContract.difference(lying, spec);
        assertTrue(d.isPresent());
        assertTrue(d.get().startsWith("sim run tally --mode buggy --plan documented --seed 0: "), d.get());
        AssertionError e = assertThrows(AssertionError.class, () -> PlanOfContract.assertRepeats(lying, spec));
        assertEquals(d.get(), e.getMessage());
    }

    /** The fixture with a planOf that drops every operation. */
    private static final class Forgetful implements Scenario {
        private final TallyScenario inner;

        Forgetful(TallyScenario inner) {
            this.inner = inner;
        }

        @Override
        public CustomPlan planOf(RunSpec spec) {
            return inner.planOf(spec).withWorkload(Workload.empty());
        }

        @Override
        public RunResult run(RunSpec spec, Trace trace) {
            return inner.run(spec, trace);
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public String description() {
            return inner.description();
        }

        @Override
        public List<String> modes() {
            return inner.modes();
        }

        @Override
        public List<String> plans() {
            return inner.plans();
        }

        @Override
        public List<shardsim.core.check.Rule> invariants() {
            return inner.invariants();
        }
    }
}
