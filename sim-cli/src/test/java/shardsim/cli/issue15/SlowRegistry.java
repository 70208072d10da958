package shardsim.cli.issue15;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import shardsim.core.fault.Fault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.WorldNames;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Operation;
import shardsim.scenarios.Scenarios;

/**
 * The real scenarios, each run taking 20 ms longer of wall time (results unchanged), so that a
 * test has time to send a signal while a command is working ({@code -Dshardsim.registry=}).
 */
public final class SlowRegistry implements Supplier<List<Scenario>> {
    @Override
    public List<Scenario> get() {
        List<Scenario> out = new ArrayList<>();
        for (Scenario s : Scenarios.all()) {
            out.add(new Slow(s));
        }
        return out;
    }

    private record Slow(Scenario inner) implements Scenario {
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
        public RunResult run(RunSpec spec, Trace trace) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return inner.run(spec, trace);
        }
    }
}
