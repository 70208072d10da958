package shardsim.core.run;

import shardsim.core.fault.FaultPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.sim.Simulation;

/**
 * A run set up and not yet started: the simulation with its nodes and checks in place and the plan
 * scheduled. Tests drive it step by step ({@code sim().runUntil(t)}, then read state); the
 * skeleton runs it to its end with {@link #finish()}.
 */
public final class StagedRun<W extends World, D extends Driver> {
    private final RunSpec spec;
    private final Simulation sim;
    private final ResolvedPlan<W> plan;
    private final RunShape shape;
    private final D driver;
    private final FaultPlan.Builder aimed;

    StagedRun(RunSpec spec, Simulation sim, ResolvedPlan<W> plan, RunShape shape, D driver, FaultPlan.Builder aimed) {
        this.spec = spec;
        this.sim = sim;
        this.plan = plan;
        this.shape = shape;
        this.driver = driver;
        this.aimed = aimed;
    }

    public Simulation sim() {
        return sim;
    }

    public W world() {
        return plan.world();
    }

    public ResolvedPlan<W> plan() {
        return plan;
    }

    public RunShape shape() {
        return shape;
    }

    public D driver() {
        return driver;
    }

    /** The faults aimed during the run so far (empty unless the plan aims faults). */
    FaultPlan aimed() {
        return aimed.build();
    }

    /** Runs to the end of the run's frame, runs the end-of-run validations and returns the outcome. */
    public RunResult finish() {
        sim.runUntil(shape.endMicros());
        driver.atEnd();
        sim.finish();
        return RunResult.of(spec, sim);
    }
}
