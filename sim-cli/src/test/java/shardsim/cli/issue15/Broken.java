package shardsim.cli.issue15;

import java.util.List;
import java.util.function.Supplier;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;

/** A scenario whose every run throws what it is given: how the command line meets an internal failure. */
final class Broken implements Scenario {
    private final Supplier<Throwable> failure;

    Broken(Supplier<Throwable> failure) {
        this.failure = failure;
    }

    @Override
    public String name() {
        return "broken";
    }

    @Override
    public String description() {
        return "every run fails inside the simulator";
    }

    @Override
    public List<String> modes() {
        return List.of(Plans.BUGGY);
    }

    @Override
    public List<String> plans() {
        return List.of(Plans.RANDOM);
    }

    @Override
    public List<shardsim.core.check.Rule> invariants() {
        return List.of(new shardsim.core.check.Rule("B1", "nothing"));
    }

    @Override
    public RunResult run(RunSpec spec, Trace trace) {
        Throwable t = failure.get();
        if (t instanceof Error e) {
            throw e;
        }
        throw (RuntimeException) t;
    }
}
