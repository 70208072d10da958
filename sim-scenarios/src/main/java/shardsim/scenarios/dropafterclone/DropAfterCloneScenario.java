package shardsim.scenarios.dropafterclone;

import java.util.List;
import java.util.Map;
import shardsim.core.fault.Fault;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.WorldNames;
import shardsim.core.sim.RunBudget;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Operation;

/**
 * Apache Doris: a DROP issued from a stale tablet report reaches a BE after a CLONE re-created the
 * tablet there, and deletes the only copy. Modes: {@code buggy} (the DROP names only the tablet),
 * {@code fixed} (replica-id fencing), and the fix with one part of the fence off
 * ({@link Fence#NO_REPLICA_ID}, {@link Fence#NO_CLONE_STAMP}, {@link Fence#NO_CLONE_GUARD}).
 *
 * <p>A run: the FE and three to five BEs; single-replica tablets by default; balance moves drawn
 * from the seed during a fault window of {@value GeneratedPlan#WINDOW_MICROS} µs, then a quiet tail
 * of {@value GeneratedPlan#TAIL_MICROS} µs (links reliable, no moves, no faults) in which D2 at
 * quiescence and D3 are judged. The {@code documented} plan replays the report's timeline: three
 * {@link DorisOperation.Balance} moves and one {@link DorisFault.SlowAgentRpc} (the report's DROP,
 * sent before the CLONE, reaches the BE after it) in a fixed world whose quiet tail starts at
 * 140 s. Every run is a {@link RunPlan}: a world, a link policy, a fault plan and a workload,
 * whichever plan it came from. {@link Fidelity} lists what follows which Doris code.
 *
 * <p>Modelling choices worth knowing when reading a trace: a clone downloads its snapshot from the
 * source BE (so a clone from a lost copy fails); whether a clone is incremental is decided when the
 * clone task runs; a DROP checks the fence when it runs, not when it is queued.
 */
public final class DropAfterCloneScenario implements Scenario {
    public static final String NAME = "drop-after-clone";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Doris: a DROP from a stale tablet report runs on a BE after a CLONE re-created the tablet there; the only copy is lost";
    }

    @Override
    public String summary() {
        return "A DROP that the FE issued from a stale tablet report waits on a BE while a CLONE moves the tablet back to that BE, then deletes the only copy. "
                + "The fix fences the DROP with the replica id the BE reported: a CLONE stamps the new replica id on the BE's tablet, and the BE aborts "
                + "a DROP whose id differs or whose tablet is under clone.";
    }

    @Override
    public String upstream() {
        return "Apache Doris issue \"[Bug] Tablet is lost due to data balancing\", reported by qidaye (fe.log of 2021-05-26, tablet 11415 on backend 10006)";
    }

    @Override
    public List<String> modes() {
        return Fence.MODES;
    }

    @Override
    public List<String> plans() {
        return List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.SWARM);
    }

    @Override
    public List<String> invariants() {
        return List.of(
                "D1: no BE deletes a tablet copy that the catalog references at that moment",
                "D2: every tablet has a whole copy at all times; at quiescence every NORMAL replica has its copy on its BE",
                "D3: a copy the catalog does not reference is deleted within three report intervals (quiet tail)");
    }

    @Override
    public List<Class<? extends Fault>> faultKinds() {
        return List.of(DorisFault.SlowReports.class, DorisFault.StallPool.class, DorisFault.SlowAgentRpc.class);
    }

    @Override
    public List<Class<? extends Operation>> operationKinds() {
        return List.of(DorisOperation.Balance.class);
    }

    /**
     * The run's faults and balance moves as data. Nothing is injected in reaction to the run, so
     * the lists drawn before the run are the whole plan.
     */
    @Override
    public CustomPlan planOf(RunSpec spec) {
        Plans.require("mode", spec.mode(), modes());
        RunPlan plan = RunPlan.of(spec, plans());
        String source = spec.isCustom() ? spec.custom().source() : NAME + "-" + spec.plan() + "-seed-" + spec.seed() + ".json";
        return plan.asCustom(source);
    }

    @Override
    public List<FidelityRow> fidelity() {
        return Fidelity.rows();
    }

    /**
     * The report's log lines beside the trace of the documented plan in the buggy mode, run on past
     * its first violation so that the FE's next report (the set-bad lines) is in it too.
     */
    @Override
    public List<LogLine> logAlignment() {
        Trace trace = Trace.full();
        run(new RunSpec(NAME, Plans.BUGGY, Plans.DOCUMENTED, 0), trace, false);
        return ReportLog.align(trace.events());
    }

    @Override
    public WorldNames worldNames(RunSpec spec) {
        return DorisNames.of(spec, plans());
    }

    @Override
    public RunResult run(RunSpec spec, Trace trace) {
        return run(spec, trace, true);
    }

    private RunResult run(RunSpec spec, Trace trace, boolean stopOnFirstViolation) {
        Plans.require("mode", spec.mode(), modes());
        RunPlan plan = RunPlan.of(spec, plans());
        Fence fence = Fence.forMode(spec.mode());
        DorisWorld world = plan.world();
        SimConfig config = new SimConfig(RunBudget.of(1_000_000, world.endMicros() + 60_000_000), LinkPolicy.reliable(), stopOnFirstViolation, 1_000);
        Simulation sim = new Simulation(spec.seed(), config, trace);
        sim.param("mode", spec.mode());
        sim.param("plan", spec.plan());
        if (spec.isCustom()) {
            sim.param("plan.base", plan.base());
        }
        plan.profile().recordParams(sim);
        for (Map.Entry<String, Object> p : world.params().entrySet()) {
            sim.param(p.getKey(), p.getValue());
        }
        sim.network().setDefaultPolicy(plan.profile().link());

        Cluster cluster = new Cluster(sim, world.config(), fence, world.backends(), world.placement(), world.reportPhaseMicros(),
                world.firstReplicaId());
        Checks.register(cluster, world.config().reportIntervalMicros(), world.tailStartMicros(), world.endMicros(), 20 * DorisConfig.SECOND);
        // Moves before faults: two at the same microsecond run in this order, as they always have.
        sim.perform(plan.workload(), cluster::perform);
        sim.inject(plan.faults());
        sim.param("moves", plan.workload().size());
        sim.param("faults.planned", plan.faults().size());
        sim.at(world.tailStartMicros(), "quiet tail: links reliable, no more moves or faults", () -> sim.network().setDefaultPolicy(LinkPolicy.reliable()));

        sim.runUntil(world.endMicros());
        sim.finish();
        return RunResult.of(spec, sim);
    }
}
