package shardsim.core.run;

import shardsim.core.aim.Targeting;
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
    /** The run's aiming, or null when its plan does not aim. */
    private final Targeting targeting;

    StagedRun(RunSpec spec, Simulation sim, ResolvedPlan<W> plan, RunShape shape, D driver, Targeting targeting) {
        this.spec = spec;
        this.sim = sim;
        this.plan = plan;
        this.shape = shape;
        this.driver = driver;
        this.targeting = targeting;
    }

    /** The simulation, set up and not started. */
    public Simulation sim() {
        return sim;
    }

    /** The world the run is in. */
    public W world() {
        return plan.world();
    }

    /** The plan it runs, as data. */
    public ResolvedPlan<W> plan() {
        return plan;
    }

    /** The run's frame: fault window, quiet tail, end and budget. */
    public RunShape shape() {
        return shape;
    }

    /** What performs the workload (the scenario's {@code build} returned it). */
    public D driver() {
        return driver;
    }

    /** The faults aimed during the run so far (empty unless the plan aims faults). */
    public FaultPlan aimed() {
        return targeting == null ? FaultPlan.empty() : targeting.firedPlan();
    }

    /** The run's aiming, if its plan aims. */
    public java.util.Optional<Targeting> targeting() {
        return java.util.Optional.ofNullable(targeting);
    }

    /** Runs to the end of the run's frame, runs the end-of-run validations and returns the outcome. */
    public RunResult finish() {
        sim.runUntil(shape.endMicros());
        driver.atEnd();
        sim.finish();
        return RunResult.of(spec, sim);
    }
}
