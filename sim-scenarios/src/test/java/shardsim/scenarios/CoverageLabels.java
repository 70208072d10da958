package shardsim.scenarios;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.coverage.Coverage;
import shardsim.core.coverage.StateSpace;
import shardsim.core.scenario.RunResult;

/** A run's coverage as labels, so the scenarios' coverage tests read like the report's story. */
public final class CoverageLabels {
    private CoverageLabels() {}

    public static Coverage.Space space(RunResult r, String name) {
        for (Coverage.Space s : r.coverage().spaces()) {
            if (s.space().name().equals(name)) {
                return s;
            }
        }
        throw new AssertionError(
                "the run has no state space " + name + ": " + r.coverage().spaces());
    }

    /** The labels of the states the run reached in {@code name}. */
    public static List<String> states(RunResult r, String name) {
        Coverage.Space s = space(r, name);
        List<String> out = new ArrayList<>();
        for (int st : s.states()) {
            out.add(s.space().label(st));
        }
        return out;
    }

    /** The transitions the run took in {@code name}, each as {@code from -> to}. */
    public static List<String> transitions(RunResult r, String name) {
        Coverage.Space s = space(r, name);
        StateSpace sp = s.space();
        List<String> out = new ArrayList<>();
        for (long t : s.transitions()) {
            out.add(sp.label(Coverage.Space.from(sp, t)) + " -> " + sp.label(Coverage.Space.to(sp, t)));
        }
        return out;
    }
}
