package shardsim.cli.testing;

import java.util.List;
import shardsim.core.fault.Fault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.WorldNames;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Operation;

/**
 * A built-in scenario under a name of its own, each run optionally slower in wall time (results
 * unchanged): an external scenario, registered as a service, that every command can run.
 */
public abstract class Renamed implements Scenario {
    private final String name;
    private final Scenario inner;
    private final long delayMillis;

    protected Renamed(String name, Scenario inner, long delayMillis) {
        this.name = name;
        this.inner = inner;
        this.delayMillis = delayMillis;
    }

    @Override
    public String name() {
        return name;
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

    @Override
    public List<Class<? extends Fault>> faultKinds() {
        return inner.faultKinds();
    }

    @Override
    public List<Class<? extends Operation>> operationKinds() {
        return inner.operationKinds();
    }

    @Override
    public CustomPlan planOf(RunSpec spec) {
        return inner.planOf(spec);
    }

    @Override
    public WorldNames worldNames(RunSpec spec) {
        return inner.worldNames(spec);
    }

    @Override
    public java.util.Map<String, List<String>> worldRoles(RunSpec spec) {
        return inner.worldRoles(spec);
    }

    @Override
    public java.util.Optional<shardsim.core.scenario.FaultWindow> faultWindow(RunSpec spec) {
        return inner.faultWindow(spec);
    }

    @Override
    public java.util.OptionalLong runEndMicros(RunSpec spec) {
        return inner.runEndMicros(spec);
    }

    @Override
    public RunResult run(RunSpec spec, Trace trace) {
        if (delayMillis > 0) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return inner.run(spec, trace);
    }
}
