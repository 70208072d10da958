package shardsim.core.run;

import java.util.LinkedHashMap;
import java.util.Map;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.Plans;

/**
 * What a scenario draws a generated plan's own faults and workload with: the base plan, the run's
 * root generator (fork it by label; forks do not depend on one another) and a place to record the
 * figures it drew as run parameters.
 */
public final class Draw {
    private final String base;
    private final SimRandom root;
    private final Map<String, Object> params = new LinkedHashMap<>();

    Draw(String base, SimRandom root) {
        this.base = base;
        this.root = root;
    }

    /** The built-in plan this draw is for. */
    public String base() {
        return base;
    }

    /** Whether the plan is {@code swarm}, whose intensities are themselves drawn from the seed. */
    public boolean swarm() {
        return Plans.SWARM.equals(base);
    }

    /** A generator for one purpose, derived from the seed and {@code label} alone. */
    public SimRandom fork(String label) {
        return root.fork(label);
    }

    /** The run's root generator, for draws written before forks were labelled per purpose. */
    public SimRandom root() {
        return root;
    }

    /** Records a figure drawn for the plan as a run parameter. */
    public void param(String name, Object value) {
        params.put(name, value);
    }

    Map<String, Object> params() {
        return params;
    }
}
